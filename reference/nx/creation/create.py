"""create: a tensor of `shape` from the flat, row-major `data` (nx.txt, "Array Creation").

The length of `data` must equal the product of the dimensions of `shape` (1 for the
scalar shape `[||]`); every element is stored like any result (floats round once to the
dtype, integers wrap modulo 2^bits). The result owns a fresh buffer.
"""

from math import prod

from reference.dtypes import DType
from reference.elements import element, filled
from reference.errors import check_shape, require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "create")
def create(dtype: DType, shape: tuple[int, ...], data) -> Tensor:
    shape = check_shape("create", shape)
    numel = prod(shape)
    require(len(data) == numel, "create",
            f"data has {len(data)} elements but shape {list(shape)} needs {numel} "
            "(the length of data must equal the product of the shape)")
    return filled(dtype, shape, [element("create", dtype, x) for x in data])
