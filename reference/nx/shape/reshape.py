"""reshape: the same elements, in row-major order, with another shape (nx.txt,
"Shape Manipulation").

At most one dimension may be -1: it is inferred from the number of elements. The
product of the dimensions must equal the number of elements. The result is a view of
`t` (O(1), sharing its buffer) whenever strides can express the new shape, which is
always the case for a C-contiguous tensor; otherwise (a transposed, flipped or sliced
tensor whose merged dimensions are not contiguous) it is a C-contiguous copy.
"""

from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.shape.transformations.resolve_neg_one import resolve_neg_one
from reference.tensor import Tensor


@op("nx", "reshape")
def reshape(shape: tuple[int, ...], t: Tensor) -> Tensor:
    return reshaped("reshape", t, resolve_neg_one(t.shape, shape))
