"""dim: the size of dimension `i` (nx.txt, "Array Properties")."""

from reference.nx.properties.stride import resolve_axis
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "dim")
def dim(i: int, t: Tensor) -> int:
    return t.shape[resolve_axis("dim", i, t)]
