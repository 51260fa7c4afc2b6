"""div, div_s, rdiv_s, idiv, idiv_s: element-wise division (nx.txt, "Basic Arithmetic
Operations").

Documented: "True division for floats (result is float). Integer division for integers
(truncates toward zero). Complex division follows standard rules." So -7 / 2 = -3 on
int32 (worked example). Floats follow IEEE (1 / 0 = inf, 0 / 0 = NaN) and round once into
the dtype; integer division by zero raises `Division_by_zero`; int min / -1 wraps to min.
Bools divide as the integers 0/1 (`_forms.as_numbers`, READINGS R90): x / true = x,
x / false raises; the cases also accept a refusal of bool.
"""

import numpy as np

from reference.nx._cores.elementwise import binary, same_dtype
from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.nx.arithmetic._integers import truncated_divmod
from reference.tensor import Tensor


def div(function: str, a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype(function, a, b)
    if dtype.is_float or dtype.is_complex:
        return binary(function, a, b, np.divide, exact_in_storage=True)
    # Note: R90 — the documentation divides floats, integers and complex numbers and says
    # nothing of bool: it divides as the integers 0 and 1 (a refusal is accepted too).
    return arithmetic(function, a, b, lambda x, y: truncated_divmod(function, x, y)[0])


register_forms("div", div)
