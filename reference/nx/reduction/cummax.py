"""cummax: the inclusive cumulative maximum (nx.txt, "Reduction Operations").

`cummax ?axis t`: element i along `axis` is the maximum of elements 0..i; the result has
`t`'s shape and dtype. "NaNs propagate for floating-point dtypes" (documented): from the
first NaN on, every element is NaN. "Defaults to flattening when axis is omitted": the
result is then 1-D. Complex values are ordered lexicographically, as in NumPy (see
`max`); bool is a running "any".
"""

from __future__ import annotations

import numpy as np

from reference.nx.reduction._common import scan
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cummax")
def cummax(t: Tensor, *, axis: int | None = None) -> Tensor:
    return scan("cummax", t, axis, np.maximum)
