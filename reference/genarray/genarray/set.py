"""set: store a value at the given coordinates (bigarray_genarray.txt, `Genarray.set`).

The coordinates follow `get`'s rules and raise `Invalid_argument` as it does. The value
is stored in the kind's precision (a float32 Bigarray rounds to float32; the integer
kinds keep the low bits, as OCaml stores an int into an 8- or 16-bit kind).
"""

from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "set")
def set_(a: Bigarray, index: tuple[int, ...], value) -> None:
    function = "Genarray.set"
    position = a.offset_of(function, index)
    a.data[position] = a.stored(function, value)
