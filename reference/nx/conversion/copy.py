"""copy: a deep copy (nx.txt, "Type Conversion and Copying").

`copy t` always allocates a new buffer and copies `t`'s elements into it in row-major
order: the result is C-contiguous and never shares memory with `t`, so writing one
leaves the other alone. Every bit of every element is kept (NaN, -0.0).
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "copy")
def copy(t: Tensor) -> Tensor:
    return Tensor.from_values(t.values(), t.dtype)
