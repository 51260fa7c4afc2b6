"""cmpge, greater_equal, greater_equal_s: element-wise `≥` (nx.txt, "Comparison
and Logical Operations").

`cmpge t1 t2` "returns 1 where t1 ≥ t2, 0 elsewhere"; `greater_equal` "is synonym for
cmpge"; `greater_equal_s t scalar` "checks if each element is greater than or equal to
scalar". What every comparison shares (the uint8 result, broadcasting, one dtype, NaN,
the refusal of complex values) is in `_common.py`.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import order, order_scalar
from reference.registry import op
from reference.tensor import Tensor


def not_less(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    # Note: R106 — settled by Nx 1.0.0~alpha1 (the documentation is silent on NaN): cmpge is
    # logical_not (cmplt a b), so a NaN operand gives 1.
    return ~np.less(x, y)


@op("nx", "cmpge")
@op("nx", "greater_equal")
def cmpge(t1: Tensor, t2: Tensor) -> Tensor:
    return order("cmpge", t1, t2, not_less)


@op("nx", "greater_equal_s")
def greater_equal_s(t: Tensor, scalar) -> Tensor:
    return order_scalar("greater_equal_s", t, scalar, not_less)
