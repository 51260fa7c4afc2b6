"""lshift: shift the bits of each element left (nx.txt, "Bitwise Operations").

`lshift t shift` is documented as "equivalent to multiplication by 2^shift. Overflow
wraps around" (worked example: [1; 2; 3] lshift 2 = [4; 8; 12]). So the result is
x * 2^shift modulo 2^bits: int8 64 lshift 1 = -128, int32 1 lshift 31 = min, and a shift
of the bit width or more gives 0. A negative shift raises Invalid_argument, and so do
floats, complex and bool (nx.mli:1900: "@raise Invalid_argument if shift negative or
non-integer dtype"; `_bits.require_shiftable`); int4, uint4, qint8 and quint8 are integer
dtypes and shift within their width.
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.bitwise._bits import require_shift, require_shiftable
from reference.registry import op
from reference.tensor import Tensor


def _times_power_of_two(x: np.ndarray, shift: int) -> np.ndarray:
    """x * 2^shift modulo 2^64 (uint64 shifts are exact modulo 2^64); the stored width
    wraps it further."""
    if shift >= 64:
        return np.zeros_like(x, dtype=np.int64)
    return (x.astype(np.uint64) << np.uint64(shift)).astype(np.int64)


@op("nx", "lshift")
def lshift(t: Tensor, shift: int) -> Tensor:
    require_shiftable("lshift", t.dtype)
    require_shift("lshift", shift)
    return unary("lshift", t, lambda x: _times_power_of_two(x, shift))
