"""fill: store one value in every element of a Bigarray (bigarray_genarray.txt, `Genarray.fill`).

Filling a sub-array or a slice fills that part of the array it shares storage with.
"""

from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "fill")
def fill(a: Bigarray, value) -> None:
    a.data[...] = a.stored("Genarray.fill", value)
