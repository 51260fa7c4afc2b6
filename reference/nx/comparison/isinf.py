"""isinf: 1 where an element is ±infinity (nx.txt, "Comparison and Logical Operations").

"Returns 1 where infinite, 0 elsewhere. Detects both positive and negative infinity.
Non-float types return all 0s." The result is uint8 (documented type). Non-float types
are the integers, bool and complex (READINGS R109);
float8_e4m3 has no infinities, so it is 0 everywhere too.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import float_test
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "isinf")
def isinf(t: Tensor) -> Tensor:
    return float_test("isinf", t, np.isinf, otherwise=False)
