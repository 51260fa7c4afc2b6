"""pow, pow_s, rpow_s, ipow, ipow_s: element-wise power (nx.txt, "Basic Arithmetic
Operations").

`pow base exponent`. Floats: C's `pow` (IEEE 754 `pow`: 0 ** -1 = inf, (-8) ** (1/3) =
NaN, x ** 0 = 1 and 1 ** y = 1 even for NaN), rounded once into the dtype. Complex: the
principal value exp(exponent * log base) (NumPy's complex power). Integers (and bools as
0/1) follow READINGS R86, R87, R88: the exact power wrapped modulo
2^bits, and for a negative exponent trunc(1 / base ** |e|): 1 for base 1, +-1 for base -1,
0 for any other base, and 0 ** negative raises `Division_by_zero` (it is 1 / 0).
"""

import numpy as np

from reference.errors import DivisionByZero
from reference.nx._cores.elementwise import binary, same_dtype
from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def exact_power(function: str, base: np.ndarray, exponent: np.ndarray) -> np.ndarray:
    """base ** exponent on integers, modulo 2^64 (the stored width then wraps it).

    Algorithm: NumPy's square-and-multiply on uint64, whose products wrap modulo 2^64
    exactly (two's complement makes that the signed power modulo 2^64 too).
    """
    negative = exponent < 0
    if np.any(negative & (base == 0)):
        raise DivisionByZero(f"{function}: 0 raised to a negative power (it is 1 / 0)")
    natural = np.power(base.astype(np.uint64), np.where(negative, 0, exponent).astype(np.uint64))
    odd = (exponent & 1) == 1
    reciprocal = np.where(base == 1, 1, np.where(base == -1, np.where(odd, -1, 1), 0))
    return np.where(negative, reciprocal, natural.astype(np.int64))


def pow_(function: str, a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype(function, a, b)
    if dtype.is_float or dtype.is_complex:
        return binary(function, a, b, np.power)
    return arithmetic(function, a, b, lambda x, y: exact_power(function, x, y))


register_forms("pow", pow_)
