"""mod_, mod_s, rmod_s, imod, imod_s: element-wise remainder (nx.txt, "Basic
Arithmetic Operations").

The documentation says "element-wise modulo". The suite's reading (READINGS
R83): the remainder of `div`'s truncating division, so it has the
sign of the dividend, as OCaml's `mod` and C's `fmod` (-7 mod 3 = -1, 7 mod -3 = 1,
not Python's or NumPy's `%`). Floats use `fmod`, which is exact (fmod x 0 = NaN,
fmod x inf = x); integers raise `Division_by_zero` on a zero divisor; bools are 0/1
(`_forms.as_numbers`).
"""

import numpy as np

from reference.errors import invalid
from reference.nx._cores.elementwise import binary, same_dtype
from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.nx.arithmetic._integers import truncated_divmod
from reference.tensor import Tensor


def mod_(function: str, a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype(function, a, b)
    # Note: R91 — the documentation does not say what the modulo of complex numbers is, and
    # none is standard (a remainder needs an ordering; NumPy's `fmod` and `%` refuse
    # complex operands). READINGS R3: refuse with
    # Invalid_argument.
    if dtype.is_complex:
        raise invalid(function, f"modulo is not defined on complex numbers ({dtype.name} "
                                f"given); it needs a float, integer or bool dtype")
    if dtype.is_float:
        return binary(function, a, b, np.fmod)
    return arithmetic(function, a, b, lambda x, y: truncated_divmod(function, x, y)[1])


register_forms("mod", mod_, binary_name="mod_")
