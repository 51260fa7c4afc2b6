"""std: the standard deviation over `?axes` (nx.txt, "Reduction Operations").

"Square root of variance: sqrt(var(t, ddof))", with `var`'s `?ddof`, axes and
`keepdims`. The root is taken of the unrounded variance and the result rounded once into
the input dtype; on integers the integer variance's root is truncated (floor(√v),
exactly), as storing a float root into an integer dtype does.

# Note: R100 — integer and bool dtypes: the truncated root is one of two accepted choices,
# a refusal (what Nx 1.0.0~alpha1's sqrt makes) the other; complex: the root of NumPy's
# real variance, one of the two R125 accepts.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.nx.reduction._common import variance
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "std")
def std(
    t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False, ddof: int = 0
) -> Tensor:
    return variance("std", t, axes, keepdims, ddof, root=True)
