"""bitwise_and, bitwise_or, bitwise_xor (nx.txt, "Bitwise Operations").

Element-wise AND, OR, XOR of two tensors of one integer (or bool) dtype, with
broadcasting, on the two's-complement bits of each element (int8 -1 AND 5 = 5, uint8
12 XOR 10 = 6); on bool they are the logical connectives. Floats and complex raise
`Invalid_argument` (`_bits.require_bits`).
"""

import numpy as np

from reference.nx._cores.elementwise import binary, same_dtype
from reference.nx.bitwise._bits import require_bits
from reference.registry import op
from reference.tensor import Tensor


def _bitwise(function: str, t1: Tensor, t2: Tensor, ufunc: np.ufunc) -> Tensor:
    require_bits(function, same_dtype(function, t1, t2))
    return binary(function, t1, t2, ufunc)


@op("nx", "bitwise_and")
def bitwise_and(t1: Tensor, t2: Tensor) -> Tensor:
    return _bitwise("bitwise_and", t1, t2, np.bitwise_and)


@op("nx", "bitwise_or")
def bitwise_or(t1: Tensor, t2: Tensor) -> Tensor:
    return _bitwise("bitwise_or", t1, t2, np.bitwise_or)


@op("nx", "bitwise_xor")
def bitwise_xor(t1: Tensor, t2: Tensor) -> Tensor:
    return _bitwise("bitwise_xor", t1, t2, np.bitwise_xor)
