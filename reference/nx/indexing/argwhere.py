"""argwhere: the coordinates of the non-zero elements, one per row (nx.txt, "Element
Access and Slicing").

NumPy's `argwhere`: an int32 tensor of shape [number of non-zeros; ndim] whose rows are
the coordinates of the non-zero elements in row-major order. Non-zero means `x <> 0`:
true for bool, either part for complex, NaN included, -0.0 excluded. A 0-d tensor has
no coordinates: the shape is [1; 0] if its element is non-zero, else [0; 0].
"""

from reference.dtypes import INT32
from reference.nx.indexing._common import nonzero_coordinates
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "argwhere")
def argwhere(t: Tensor) -> Tensor:
    return Tensor.from_values(nonzero_coordinates(t), INT32)
