"""isnan: 1 where an element is NaN (nx.txt, "Comparison and Logical Operations").

"Returns 1 where NaN, 0 elsewhere. NaN is the only value that doesn't equal itself.
Non-float types return all 0s." The result is uint8 (documented type). Non-float types
are the integers, bool and — as the documentation's phrase reads — complex
(READINGS R109), even a complex with a NaN part.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import float_test
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "isnan")
def isnan(t: Tensor) -> Tensor:
    return float_test("isnan", t, np.isnan, otherwise=False)
