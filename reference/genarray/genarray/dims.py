"""dims: all dimensions of a Bigarray, an array of length `num_dims a` (bigarray_genarray.txt,
`Genarray.dims`), in the Bigarray's own order (a Fortran-layout array lists its first,
fastest-varying, dimension first)."""

from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "dims")
def dims(a: Bigarray) -> tuple[int, ...]:
    return a.dims
