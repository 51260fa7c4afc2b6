"""var: the variance over `?axes` (nx.txt, "Reduction Operations").

"Variance = E(X - E[X])² / (N - ddof)": the sum of squared deviations from the mean
divided by N - ddof, where `?ddof` (default 0, the population variance; 1 the sample
variance) is the delta degrees of freedom. Axes and `keepdims` as for `sum`; the result
keeps the input dtype (READINGS R125). "@raise Invalid_argument if ddof >= number of
elements" (nx.mli:2180): N - ddof ≤ 0 raises, in every dtype.

- floats in float64, rounded once; complex: the squared modulus of the deviations (NumPy),
  a real variance stored with imaginary part 0 (READINGS R125 also accepts the formula's
  complex squares, as Nx 1.0.0~alpha1 computes them);
- integers and bool: the truncated integer mean, then the exact sum of squares divided
  by N - ddof truncating (bool: READINGS R125 also
  accepts the exact variance stored x ≠ 0).
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.nx.reduction._common import variance
from reference.registry import op
from reference.tensor import Tensor


# Note: R125 — the integer reading (the truncated mean, then a truncating division) follows
# the integer `mean`, with E[X] computed as `mean` computes it. Complex: NumPy's |x - mean|²
# (R3), one of the two choices R125 leaves open (the other: the complex square as written).
@op("nx", "var")
def var(
    t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False, ddof: int = 0
) -> Tensor:
    return variance("var", t, axes, keepdims, ddof)
