"""cmpge, greater_equal, greater_equal_s: element-wise `≥` (nx.txt, "Comparison
and Logical Operations").

`cmpge t1 t2` "returns 1 where t1 ≥ t2, 0 elsewhere" (nx.txt:1317); `greater_equal` "is
synonym for cmpge"; `greater_equal_s t scalar` "checks if each element is greater than or equal to
scalar". What every comparison shares (the uint8 result, broadcasting, one dtype, NaN,
the complex order) is in `_common.py`: a NaN on either side gives 0 (IEEE 754; Nx
1.0.0~alpha1, which negates cmplt, gives 1: an upstream finding, READINGS R106).
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import compare, compare_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cmpge")
@op("nx", "greater_equal")
def cmpge(t1: Tensor, t2: Tensor) -> Tensor:
    return compare("cmpge", t1, t2, np.greater_equal)


@op("nx", "greater_equal_s")
def greater_equal_s(t: Tensor, scalar) -> Tensor:
    return compare_scalar("greater_equal_s", t, scalar, np.greater_equal)
