"""get: read the element at the given coordinates (bigarray_genarray.txt, `Genarray.get`).

C layout: each coordinate i in [0, dim - 1]; Fortran layout: in [1, dim].
`Invalid_argument` when the number of coordinates is not `num_dims a` or a coordinate
is outside the bounds. The element is the OCaml value of the kind (a float, an int,
an int32/int64/nativeint as an int, a Complex.t; a char as its code).
"""

from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "get")
def get(a: Bigarray, index: tuple[int, ...]):
    return a.element(a.offset_of("Genarray.get", index))
