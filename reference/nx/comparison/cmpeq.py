"""cmpeq, equal, equal_s: element-wise `=` (nx.txt, "Comparison and Logical Operations").

`cmpeq t1 t2` "returns 1 where t1 = t2, 0 elsewhere"; `equal` "is synonym for cmpeq";
`equal_s t scalar` "compares each element with scalar for equality". What every
comparison shares (the uint8 result, broadcasting, one dtype, NaN, complex values) is
in `_common.py`.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import compare, compare_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cmpeq")
@op("nx", "equal")
def cmpeq(t1: Tensor, t2: Tensor) -> Tensor:
    return compare("cmpeq", t1, t2, np.equal)


@op("nx", "equal_s")
def equal_s(t: Tensor, scalar) -> Tensor:
    return compare_scalar("equal_s", t, scalar, np.equal)
