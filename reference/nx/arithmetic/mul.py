"""mul, mul_s, rmul_s, imul, imul_s: element-wise product (nx.txt, "Basic Arithmetic
Operations").

`mul t1 t2` multiplies with broadcasting. Floats round once into the dtype; integers
wrap modulo 2^bits (the product of int64 operands is exact modulo 2^64, and 2^bits
divides 2^64, so wrapping it is exact at every width); complex numbers multiply by the
usual rule, complex32 and complex16 ones in float32 (settled by Nx 1.0.0~alpha1, see
`mul`); bools multiply as 0/1, so mul is and (`_forms.as_numbers`).
"""

import numpy as np

from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def in_float32(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x · y as C multiplies two float-complex numbers: each part product and sum rounded
    to float32 (so b·d may overflow where the exact real part would not)."""
    with np.errstate(all="ignore"):
        return (x.astype(np.complex64) * y.astype(np.complex64)).astype(np.complex128)


def mul(function: str, a: Tensor, b: Tensor) -> Tensor:
    # Note: R18 — the suite read a complex product as computed wide and rounded once; the
    # documentation says nothing of intermediate precision. Settled by Nx 1.0.0~alpha1,
    # which multiplies complex32 (and complex16, widened to complex32) in float32:
    # (M + Mi)(1 + 2i) with M float32's largest is -inf + inf i.
    if a.dtype.name in ("complex32", "complex16"):
        return arithmetic(function, a, b, in_float32)
    return arithmetic(function, a, b, np.multiply, exact_in_storage=True)


register_forms("mul", mul)
