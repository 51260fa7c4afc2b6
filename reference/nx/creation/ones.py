"""ones: a new tensor of `shape` filled with one (nx.txt, "Array Creation").

One in the dtype's element type: 1.0, 1, `true`, or 1 + 0i.
"""

from reference.dtypes import DType
from reference.elements import constant
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "ones")
def ones(dtype: DType, shape: tuple[int, ...]) -> Tensor:
    return constant("ones", dtype, shape, 1)
