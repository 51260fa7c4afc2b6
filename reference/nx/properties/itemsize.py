"""itemsize: the bytes of one element (nx.txt, "Array Properties").

The width of the dtype in bytes (`reference.dtypes`): 1 for the 8-bit kinds, bool, the
float8 kinds and (one byte each) int4 / uint4; 2 for the 16-bit kinds; 4 for float32,
int32 and complex16; 8 for float64, int64, the 63-bit `int`, nativeint and complex32;
16 for complex64.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "itemsize")
def itemsize(t: Tensor) -> int:
    return t.dtype.itemsize
