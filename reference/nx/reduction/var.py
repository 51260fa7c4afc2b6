"""var: the variance over `?axes` (nx.txt, "Reduction Operations").

"Variance = E(X - E[X])² / (N - ddof)": the sum of squared deviations from the mean
divided by N - ddof, where `?ddof` (default 0, the population variance; 1 the sample
variance) is the delta degrees of freedom. Axes and `keepdims` as for `sum`; the result
keeps the input dtype (READINGS R125):

- floats in float64, rounded once: N - ddof ≤ 0 divides by 0 as NumPy does (NaN, or inf
  for a non-zero sum of squares); complex: the deviations squared as complex numbers, as
  the formula is written (settled by Nx 1.0.0~alpha1), a complex variance;
- integers: `mean`'s integer mean (the wrapped sum divided truncating), then the exact sum
  of squares divided by N - ddof truncating; N - ddof ≤ 0 raises `Division_by_zero`;
- bool: the formula in Nx's bool arithmetic (settled by Nx 1.0.0~alpha1), true for any
  tensor.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.nx.reduction._common import variance
from reference.registry import op
from reference.tensor import Tensor


# Note: R125 — the integer reading (the truncated mean, then a truncating division) follows
# the integer `mean`, with E[X] computed as `mean` computes it. Complex: (x - mean)² as
# written (settled by Nx 1.0.0~alpha1). Cases pin both.
@op("nx", "var")
def var(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False,
        ddof: int = 0) -> Tensor:
    return variance("var", t, axes, keepdims, ddof)
