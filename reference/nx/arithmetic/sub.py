"""sub, sub_s, rsub_s, isub, isub_s: element-wise difference (nx.txt, "Basic
Arithmetic Operations").

`sub t1 t2` is t1 - t2 with broadcasting; `rsub_s scalar t` is scalar - t. Floats round
once into the dtype; integers wrap modulo 2^bits (uint8 0 - 1 = 255, int8 -128 - 1 =
127); for bools sub a b is add a (neg b) = a || not b (settled by Nx 1.0.0~alpha1, which
computes sub that way, with neg of a bool being not).
"""

import numpy as np

from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def sub(function: str, a: Tensor, b: Tensor) -> Tensor:
    if a.dtype.is_bool:
        return arithmetic(function, a, b, lambda x, y: x + (1 - y), exact_in_storage=True)
    return arithmetic(function, a, b, np.subtract, exact_in_storage=True)


register_forms("sub", sub)
