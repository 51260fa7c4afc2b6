"""shape, dims: the dimensions of a tensor (nx.txt, "Array Properties").

`shape t` is the array of dimensions, empty for a 0-d (scalar) tensor; `dims t` is a
documented synonym.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "shape")
@op("nx", "dims")
def shape(t: Tensor) -> tuple[int, ...]:
    return tuple(t.shape)
