"""neg: element-wise negation (nx.txt, "Basic Arithmetic Operations").

`neg t` negates every element. Floats flip the sign (IEEE negation: neg 0.0 = -0.0,
neg NaN is NaN); integers wrap modulo 2^bits, so the minimum of a signed dtype is its
own negation and unsigned dtypes wrap (uint8 neg 1 = 255, READINGS R89); complex
numbers negate both parts; a bool is negated logically (not: R90, settled by Nx
1.0.0~alpha1).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "neg")
def neg(t: Tensor) -> Tensor:
    if t.dtype.is_bool:
        # Note: R90 — the documentation says nothing of negating a bool; settled by Nx
        # 1.0.0~alpha1, whose negation of a bool is not.
        return unary("neg", t, np.logical_not)
    return unary("neg", t, np.negative)
