"""cmpgt, greater, greater_s: element-wise `>` (nx.txt, "Comparison and Logical Operations").

`cmpgt t1 t2` "returns 1 where t1 > t2, 0 elsewhere" (nx.txt:1303); `greater` "is synonym for
cmpgt"; `greater_s t scalar` "checks if each element is greater than scalar". What every
comparison shares (the uint8 result, broadcasting, one dtype, NaN, the complex order) is
in `_common.py`.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import compare, compare_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cmpgt")
@op("nx", "greater")
def cmpgt(t1: Tensor, t2: Tensor) -> Tensor:
    return compare("cmpgt", t1, t2, np.greater)


@op("nx", "greater_s")
def greater_s(t: Tensor, scalar) -> Tensor:
    return compare_scalar("greater_s", t, scalar, np.greater)
