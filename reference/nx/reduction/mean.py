"""mean: the arithmetic mean over `?axes` (nx.txt, "Reduction Operations").

"Sum of elements divided by count. NaN propagates." (nx.txt:1529) Axes and `keepdims` as
for `sum`; the result keeps the input dtype (READINGS R125):

- floats: the float64 sum divided by the count, rounded once; no elements give NaN
  (0 / 0 under IEEE 754); complex likewise in complex128;
- integers: the exact sum divided by the count with truncation toward zero (integer
  division, as `div`), so int32 [1; 2] has mean 1 and [-1; -2] mean -1; no elements
  raise `Division_by_zero` (an integer division by zero; READINGS R126 also accepts 0);
- bool: the 0 / 1 values' truncated mean, stored x ≠ 0: true when every element is
  (READINGS R125 also accepts the exact mean stored x ≠ 0: true when any element is).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.nx._cores.reduce import reduce
from reference.nx.reduction._common import exact, truncating_division
from reference.registry import op
from reference.tensor import Tensor


# Note: R125 — on integers the sum is exact, not the dtype-wrapped `sum`: the documented "sum of
# elements" is 200 for int8 [100; 100], whose mean 100 int8 holds (Nx 1.0.0~alpha1 halves the
# wrapped -56: upstream). bool: the truncated mean, one of the two choices R125 leaves open.
# Note: R126 — no integer elements: the division by a zero count raises (0 is also accepted).
@op("nx", "mean")
def mean(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False) -> Tensor:
    if t.dtype.is_integer or t.dtype.is_bool:

        def kernel(groups: np.ndarray):
            return truncating_division("mean", groups.sum(axis=-1), groups.shape[-1])

        return reduce("mean", t, axes, keepdims, kernel, values=exact)
    return reduce(
        "mean", t, axes, keepdims, lambda groups: np.add.reduce(groups, axis=-1) / groups.shape[-1]
    )
