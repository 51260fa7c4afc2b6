"""bitwise_not and its synonym invert (nx.txt, "Bitwise Operations").

`bitwise_not t` flips every bit of each element: `~x = -x - 1` on signed dtypes
(int8 ~0 = -1, ~-128 = 127), `max - x` on unsigned ones (uint8 ~0 = 255, uint4 ~3 =
12), logical not on bool (READINGS R115, R117). One rule does all
three: `~x` on the sign-extended int64 value, wrapped into the width, is `max - x` for
unsigned. Floats and complex raise `Invalid_argument`. `invert` is documented with
`bitwise_not`'s signature and no text of its own: the same function (NumPy's name).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.bitwise._bits import require_bits
from reference.registry import op
from reference.tensor import Tensor


def _not(function: str, t: Tensor) -> Tensor:
    require_bits(function, t.dtype)
    return unary(function, t, np.invert)


@op("nx", "bitwise_not")
def bitwise_not(t: Tensor) -> Tensor:
    return _not("bitwise_not", t)


@op("nx", "invert")
def invert(t: Tensor) -> Tensor:
    return _not("invert", t)
