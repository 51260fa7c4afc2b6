"""size, numel: the number of elements (nx.txt, "Array Properties").

The product of the dimensions: 1 for a scalar, 0 when a dimension is 0. `numel` is a
documented synonym of `size`.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "size")
@op("nx", "numel")
def size(t: Tensor) -> int:
    return t.numel
