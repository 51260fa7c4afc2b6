"""hypot: sqrt(x² + y²) without overflow (nx.txt, "Mathematical Functions").

`hypot x y` broadcasts the operands, which have one dtype. The documentation asks for an
algorithm that does not overflow where the result is representable (max · sqrt(1 +
(min / max)²); its example: hypot 1e200 1e200 in float64 is finite, 1.4142...e200). The
result is the exactly rounded sqrt(x² + y²): computed in float64 by the C library's
`hypot` (which scales to avoid overflow and underflow) and rounded once. With an infinite
or NaN operand the documented formula is evaluated with Nx's maximum and minimum (settled
by Nx 1.0.0~alpha1, `hypot_of_reals`): hypot (nan, 1) is sqrt 2, hypot (inf, nan) NaN.

Integer dtypes (the signature is polymorphic): floor(sqrt(x² + y²)), computed exactly
and wrapped modulo 2^bits like every integer result (`_domain`).
"""

import numpy as np

from reference.nx._cores.elementwise import binary, same_dtype
from reference.nx.comparison._common import nx_maximum, nx_minimum
from reference.nx.math._domain import exact_integers, isqrt, refuse
from reference.registry import op
from reference.tensor import Tensor


def hypot_of_reals(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The C library's hypot of finite operands; the documented formula otherwise."""
    # Note: R110 — IEEE's hypot gives +inf for an infinite operand even with a NaN; settled
    # by Nx 1.0.0~alpha1, which evaluates the documented max · sqrt(1 + (min / max)²) with
    # its maximum and minimum (`nx_maximum`: a NaN first operand gives the second), so NaN
    # and infinite operands give that formula's value: hypot (nan, 1) = 1 · sqrt 2.
    a, b = np.abs(x), np.abs(y)
    big, small = nx_maximum(a, b), nx_minimum(a, b)
    with np.errstate(all="ignore"):
        formula = big * np.sqrt(1.0 + (small / big) ** 2)
    return np.where(np.isfinite(x) & np.isfinite(y), np.hypot(x, y), formula)


def integer_hypot(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    exact_x, exact_y = exact_integers(x), exact_integers(y)
    return isqrt(exact_x * exact_x + exact_y * exact_y)


@op("nx", "hypot")
def hypot(x: Tensor, y: Tensor) -> Tensor:
    dtype = same_dtype("hypot", x, y)
    if dtype.is_float:
        return binary("hypot", x, y, hypot_of_reals)
    if dtype.is_integer:
        return binary("hypot", x, y, integer_hypot)
    # Note: R104 — complex numbers are refused: the documented formula is the length of a real
    # vector, and NumPy has no complex hypot (READINGS R3).
    refuse("hypot", x, "float or integer")
