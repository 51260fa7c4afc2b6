"""nbytes: `size t * itemsize t` (nx.txt, "Array Properties").

The documented formula counts the elements of the tensor, not the bytes of its buffer:
a broadcast view of 12 elements over 3 stored ones still has 12 * itemsize bytes.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "nbytes")
def nbytes(t: Tensor) -> int:
    return t.numel * t.dtype.itemsize
