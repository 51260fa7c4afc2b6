"""size_in_bytes: the number of elements times the kind's element size in bytes
(bigarray_genarray.txt, `Genarray.size_in_bytes`): 1 for int8 and char, 2 for int16, 4 for int32 and
float32, 8 for int64, nativeint, float64, complex32 and OCaml's `int` (a 64-bit word),
16 for complex64."""

from math import prod

from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "size_in_bytes")
def size_in_bytes(a: Bigarray) -> int:
    return prod(a.dims) * a.kind.size_in_bytes
