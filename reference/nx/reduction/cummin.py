"""cummin: the inclusive cumulative minimum (nx.txt, "Reduction Operations").

`cummin ?axis t`: element i along `axis` is the minimum of elements 0..i; the result has
`t`'s shape and dtype. "NaNs propagate for floating-point dtypes" (documented): from the
first NaN on, every element is NaN. "Defaults to flattening when axis is omitted": the
result is then 1-D. Complex values are ordered lexicographically, as in NumPy (see
`max`); bool is a running "all".
"""

from __future__ import annotations

import numpy as np

from reference.nx.reduction._common import scan
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cummin")
def cummin(t: Tensor, *, axis: int | None = None) -> Tensor:
    return scan("cummin", t, axis, np.minimum)
