"""isfinite: 1 where an element is finite (nx.txt, "Comparison and Logical Operations").

"Returns 1 where finite, 0 elsewhere. Finite means not inf, -inf, or NaN. Non-float
types return all 1s." The result is uint8 (documented type). Non-float types are the
integers, bool and complex (READINGS R109).
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import float_test
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "isfinite")
def isfinite(t: Tensor) -> Tensor:
    return float_test("isfinite", t, np.isfinite, otherwise=True)
