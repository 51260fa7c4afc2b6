"""cmpne, not_equal, not_equal_s: element-wise `≠` (nx.txt, "Comparison and Logical Operations").

`cmpne t1 t2` "returns 1 where t1 ≠ t2, 0 elsewhere"; `not_equal` "is synonym for
cmpne"; `not_equal_s t scalar` "compares each element with scalar for inequality". What
every comparison shares (the uint8 result, broadcasting, one dtype, NaN, complex values)
is in `_common.py`.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import compare, compare_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cmpne")
@op("nx", "not_equal")
def cmpne(t1: Tensor, t2: Tensor) -> Tensor:
    return compare("cmpne", t1, t2, np.not_equal)


@op("nx", "not_equal_s")
def not_equal_s(t: Tensor, scalar) -> Tensor:
    return compare_scalar("not_equal_s", t, scalar, np.not_equal)
