"""mean: the arithmetic mean over `?axes` (nx.txt, "Reduction Operations").

"Sum of elements divided by count. NaN propagates." Axes and `keepdims` as for `sum`;
the result keeps the input dtype (READINGS R125, R126). The sum is the one `sum` gives in
the dtype, divided by the count, or by 1 for no elements:

- floats: the float64 sum divided by the count, rounded once; no elements give 0; complex
  likewise in complex128;
- integers: the sum wrapped into the dtype (int8 [100; 100] sums to -56), divided by the
  count with truncation toward zero (integer division, as `div`): int32 [1; 2] has mean 1
  and [-1; -2] mean -1, int8 [100; 100] mean -28; no elements give 0;
- bool: the sum is or and a count stored as a bool is true, so the mean is true when any
  element is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.dtypes import wrap_integers
from reference.nx._cores.reduce import reduce
from reference.nx.reduction._common import exact, truncating_division
from reference.registry import op
from reference.tensor import Tensor


# Note: R125 — the documentation does not say in which type the sum is taken, nor what the
# mean of nothing is (R126). Settled by Nx 1.0.0~alpha1, which divides its own `sum`
# (wrapped in the dtype, or for bool) by max(count, 1) in the dtype. Cases pin each family.
@op("nx", "mean")
def mean(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False) -> Tensor:
    if t.dtype.is_bool:
        return reduce("mean", t, axes, keepdims,
                      lambda groups: np.logical_or.reduce(groups != 0, axis=-1))
    if t.dtype.is_integer:
        def kernel(groups: np.ndarray):
            total = wrap_integers(groups.sum(axis=-1), t.dtype)
            return truncating_division("mean", total.astype(object), max(groups.shape[-1], 1))
        return reduce("mean", t, axes, keepdims, kernel, values=exact)
    return reduce("mean", t, axes, keepdims,
                  lambda groups: np.add.reduce(groups, axis=-1) / max(groups.shape[-1], 1))
