"""mul, mul_s, rmul_s, imul, imul_s: element-wise product (seed 001, "Basic Arithmetic
Operations").

`mul t1 t2` multiplies with broadcasting. Floats round once into the dtype; integers
wrap modulo 2^bits (the product of int64 operands is exact modulo 2^64, and 2^bits
divides 2^64, so wrapping it is exact at every width); complex numbers multiply by the
usual rule; bools multiply as 0/1, so mul is and (`_forms.as_numbers`).
"""

import numpy as np

from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def mul(function: str, a: Tensor, b: Tensor) -> Tensor:
    return arithmetic(function, a, b, np.multiply, exact_in_storage=True)


register_forms("mul", mul)
