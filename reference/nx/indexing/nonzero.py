"""nonzero: the coordinates of the non-zero elements, one tensor per dimension (nx.txt,
"Element Access and Slicing").

NumPy's `nonzero`: an array of `ndim` 1-D int32 tensors; element i of tensor d is the
coordinate along dimension d of the i-th non-zero element in row-major order. Non-zero
means `x <> 0` (as in `argwhere`).
"""

from reference.dtypes import INT32
from reference.nx.indexing._common import nonzero_coordinates
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "nonzero")
def nonzero(t: Tensor) -> list[Tensor]:
    # Note: R80 — "one per dimension": a 0-d tensor gives an empty array (NumPy 2 refuses a
    # 0-d input instead).
    found = nonzero_coordinates(t)
    return [Tensor.from_values(found[:, d], INT32) for d in range(t.ndim)]
