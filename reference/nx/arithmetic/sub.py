"""sub, sub_s, rsub_s, isub, isub_s: element-wise difference (nx.txt, "Basic
Arithmetic Operations").

`sub t1 t2` is t1 - t2 with broadcasting; `rsub_s scalar t` is scalar - t. Floats round
once into the dtype; integers wrap modulo 2^bits (uint8 0 - 1 = 255, int8 -128 - 1 =
127); bools subtract as 0/1 and store `x <> 0`, so sub is xor (`_forms.as_numbers`,
READINGS R90; 1 - x is then not x, as logical_not's "Returns 1 - x" needs, nx.txt:1379).
"""

import numpy as np

from reference.nx._cores.forms import register_forms
from reference.nx.arithmetic._forms import arithmetic
from reference.tensor import Tensor


def sub(function: str, a: Tensor, b: Tensor) -> Tensor:
    return arithmetic(function, a, b, np.subtract, exact_in_storage=True)


register_forms("sub", sub)
