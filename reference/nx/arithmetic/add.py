"""add, add_s, radd_s, iadd, iadd_s: element-wise sum (nx.txt, "Basic Arithmetic
Operations").

`add t1 t2` sums two tensors of one dtype with broadcasting. Floats give the sum
rounded once into the dtype (IEEE: inf + -inf is NaN); integers wrap modulo 2^bits at
every width (int8 127 + 1 = -128, the 63-bit `int` max + 1 = min); complex numbers add
part by part; bools add as 0/1 and store `x <> 0`, so add is or (`_forms.as_numbers`).
"""

import numpy as np

from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def add(function: str, a: Tensor, b: Tensor) -> Tensor:
    return arithmetic(function, a, b, np.add, exact_in_storage=True)


register_forms("add", add)
