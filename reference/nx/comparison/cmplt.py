"""cmplt, less, less_s: element-wise `<` (nx.txt, "Comparison and Logical Operations").

`cmplt t1 t2` "returns 1 where t1 < t2, 0 elsewhere" (nx.txt:1282); `less` "is synonym for
cmplt"; `less_s t scalar` "checks if each element is less than scalar". What every comparison
shares (the uint8 result, broadcasting, one dtype, NaN, the complex order) is in
`_common.py`.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import compare, compare_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cmplt")
@op("nx", "less")
def cmplt(t1: Tensor, t2: Tensor) -> Tensor:
    return compare("cmplt", t1, t2, np.less)


@op("nx", "less_s")
def less_s(t: Tensor, scalar) -> Tensor:
    return compare_scalar("less_s", t, scalar, np.less)
