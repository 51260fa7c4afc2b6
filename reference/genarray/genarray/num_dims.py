"""num_dims: the number of dimensions of a Bigarray (bigarray_genarray.txt, `Genarray.num_dims`)."""

from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "num_dims")
def num_dims(a: Bigarray) -> int:
    return a.num_dims
