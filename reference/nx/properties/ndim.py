"""ndim: the number of dimensions, 0 for a scalar (nx.txt, "Array Properties")."""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "ndim")
def ndim(t: Tensor) -> int:
    return t.ndim
