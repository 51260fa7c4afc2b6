"""zeros: a new tensor of `shape` filled with zero (nx.txt, "Array Creation").

Zero in the dtype's element type: +0.0 (not -0.0), 0, `false`, or 0 + 0i.
"""

from reference.dtypes import DType
from reference.elements import constant
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "zeros")
def zeros(dtype: DType, shape: tuple[int, ...]) -> Tensor:
    return constant("zeros", dtype, shape, 0)
