"""hypot: sqrt(x² + y²) without overflow (nx.txt:1221, "Mathematical Functions").

`hypot x y` broadcasts the operands, which have one dtype. The documentation asks for an
algorithm that does not overflow where the result is representable (nx.txt:1223 "computes
sqrt(x² + y²) avoiding overflow."; nx.txt:1224 "Uses numerically stable algorithm: max *
sqrt(1 + (min/max)²)."; its example: hypot 1e200 1e200 in float64 is finite,
1.4142...e200). The result is the exactly rounded sqrt(x² + y²): computed in float64 by the
C library's `hypot` (which scales to avoid overflow and underflow) and rounded once. IEEE
special values: a NaN with a finite operand gives NaN, an infinite operand with a finite one
+inf.

Note: R244 — an infinite operand and a NaN give +inf here (IEEE 754 / C99 hypot); the
documented formula in IEEE arithmetic gives NaN, and the cases accept either.

Integer dtypes (the signature is polymorphic): floor(sqrt(x² + y²)), computed exactly
and wrapped modulo 2^bits like every integer result (`_domain`).
"""

import numpy as np

from reference.nx._cores.elementwise import binary, same_dtype
from reference.nx.math._domain import exact_integers, isqrt, refuse
from reference.registry import op
from reference.tensor import Tensor


def integer_hypot(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    exact_x, exact_y = exact_integers(x), exact_integers(y)
    return isqrt(exact_x * exact_x + exact_y * exact_y)


@op("nx", "hypot")
def hypot(x: Tensor, y: Tensor) -> Tensor:
    dtype = same_dtype("hypot", x, y)
    if dtype.is_float:
        return binary("hypot", x, y, np.hypot)
    if dtype.is_integer:
        return binary("hypot", x, y, integer_hypot)
    # Note: R104 — complex numbers are refused: the documented formula is the length of a real
    # vector, and NumPy has no complex hypot (READINGS R3).
    refuse("hypot", x, "float or integer")
