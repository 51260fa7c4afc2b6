"""cmple, less_equal, less_equal_s: element-wise `≤` (nx.txt, "Comparison
and Logical Operations").

`cmple t1 t2` "returns 1 where t1 ≤ t2, 0 elsewhere" (nx.txt:1310); `less_equal` "is synonym for
cmple"; `less_equal_s t scalar` "checks if each element is less than or equal to
scalar". What every comparison shares (the uint8 result, broadcasting, one dtype, NaN,
the complex order) is in `_common.py`: a NaN on either side gives 0 (IEEE 754; Nx
1.0.0~alpha1, which negates cmpgt, gives 1: an upstream finding, READINGS R106).
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import compare, compare_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cmple")
@op("nx", "less_equal")
def cmple(t1: Tensor, t2: Tensor) -> Tensor:
    return compare("cmple", t1, t2, np.less_equal)


@op("nx", "less_equal_s")
def less_equal_s(t: Tensor, scalar) -> Tensor:
    return compare_scalar("less_equal_s", t, scalar, np.less_equal)
