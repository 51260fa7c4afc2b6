"""init: a tensor whose element at index `i` is `f i` (nx.txt, "Array Creation").

`f` receives the index of each position (a tuple of ints, one per axis) and returns the
element; positions are visited in row-major order. A zero-size shape never calls `f`.
"""

import itertools

from reference.dtypes import DType
from reference.elements import element, filled
from reference.errors import check_shape
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "init")
def init(dtype: DType, shape: tuple[int, ...], f) -> Tensor:
    shape = check_shape("init", shape)
    indices = itertools.product(*(range(dim) for dim in shape))
    return filled(dtype, shape, [element("init", dtype, f(index)) for index in indices])
