"""mul, mul_s, rmul_s, imul, imul_s: element-wise product (nx.txt, "Basic Arithmetic
Operations").

`mul t1 t2` multiplies with broadcasting. Floats round once into the dtype; integers
wrap modulo 2^bits (the product of int64 operands is exact modulo 2^64, and 2^bits
divides 2^64, so wrapping it is exact at every width); complex numbers multiply by the
usual rule, each part the exact value rounded once into the dtype (READINGS R18): a
part float32 can represent does not overflow because a partial product does; bools
multiply as 0/1, so mul is and (`_forms.as_numbers`).
"""

import numpy as np

from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def mul(function: str, a: Tensor, b: Tensor) -> Tensor:
    # Note: R18 — complex products are computed in complex128 and rounded once into the
    # parts, so (M + Mi)(1 + 2i) with M float32's largest is -M + inf i in complex32 (IEEE:
    # -M is representable; Nx 1.0.0~alpha1's float32 arithmetic gives -inf, upstream).
    return arithmetic(function, a, b, np.multiply, exact_in_storage=True)


register_forms("mul", mul)
