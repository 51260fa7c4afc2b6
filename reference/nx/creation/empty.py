"""empty: a new tensor of `shape` whose elements are not initialised (nx.txt,
"Array Creation").

Only the shape and dtype of the result are documented; its elements may be anything.
"""

from reference.dtypes import DType
from reference.errors import check_shape
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "empty")
def empty(dtype: DType, shape: tuple[int, ...]) -> Tensor:
    # Note: R9 — "allocates uninitialized tensor": the reference never hands out garbage and
    # returns zeros; cases check only the shape and dtype, never the values.
    return Tensor.empty(dtype, check_shape("empty", shape))
