"""cmple, less_equal, less_equal_s: element-wise `≤` (nx.txt, "Comparison
and Logical Operations").

`cmple t1 t2` "returns 1 where t1 ≤ t2, 0 elsewhere"; `less_equal` "is synonym for
cmple"; `less_equal_s t scalar` "checks if each element is less than or equal to
scalar". What every comparison shares (the uint8 result, broadcasting, one dtype, NaN,
the refusal of complex values) is in `_common.py`.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import order, order_scalar
from reference.registry import op
from reference.tensor import Tensor


def not_greater(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    # Note: R106 — settled by Nx 1.0.0~alpha1 (the documentation is silent on NaN): cmple is
    # logical_not (cmpgt a b), so a NaN operand gives 1.
    return ~np.greater(x, y)


@op("nx", "cmple")
@op("nx", "less_equal")
def cmple(t1: Tensor, t2: Tensor) -> Tensor:
    return order("cmple", t1, t2, not_greater)


@op("nx", "less_equal_s")
def less_equal_s(t: Tensor, scalar) -> Tensor:
    return order_scalar("less_equal_s", t, scalar, not_greater)
