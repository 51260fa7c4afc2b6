"""rshift: shift the bits of each element right (nx.txt, "Bitwise Operations").

`rshift t shift` is documented as "equivalent to integer division by 2^shift (rounds
toward zero)" (worked example: [8; 9; 10] rshift 2 = [2; 2; 2]). So negative elements do
not shift arithmetically: -1 rshift 1 = 0 and -7 rshift 1 = -3, where `>>` gives -1 and
-4. A shift of the bit width or more gives 0 (|x| < 2^shift); int8 -128 rshift 7 = -1.
A negative shift raises Invalid_argument, and so do floats, complex and bool (nx.mli:1913:
"@raise Invalid_argument if shift negative or non-integer dtype"; `_bits.require_shiftable`);
int4, uint4, qint8 and quint8 are integer dtypes and shift within their width.
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.bitwise._bits import require_shift, require_shiftable
from reference.registry import op
from reference.tensor import Tensor


def _divided_by_power_of_two(x: np.ndarray, shift: int) -> np.ndarray:
    """trunc(x / 2^shift) on int64: the arithmetic shift (floor), plus one for a negative
    x whose shifted-out bits are not all zero."""
    if shift >= 64:
        return np.zeros_like(x)
    dropped = x & ((1 << shift) - 1)
    return (x >> shift) + ((x < 0) & (dropped != 0))


@op("nx", "rshift")
def rshift(t: Tensor, shift: int) -> Tensor:
    require_shiftable("rshift", t.dtype)
    require_shift("rshift", shift)
    return unary("rshift", t, lambda x: _divided_by_power_of_two(x.astype(np.int64), shift))
