"""neg: element-wise negation (nx.txt, "Basic Arithmetic Operations").

`neg t` negates every element. Floats flip the sign (IEEE negation: neg 0.0 = -0.0,
neg NaN is NaN); integers wrap modulo 2^bits, so the minimum of a signed dtype is its
own negation and unsigned dtypes wrap (uint8 neg 1 = 255, READINGS R89); complex
numbers negate both parts; a bool is 0/1, so neg is the identity (`_forms.as_numbers`,
READINGS R90; the cases also accept logical not).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.arithmetic._forms import as_numbers
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "neg")
def neg(t: Tensor) -> Tensor:
    return unary("neg", t, lambda x: np.negative(as_numbers(x)))
