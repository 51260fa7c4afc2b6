"""inner: the inner product over the last axes (seed 001, "Linear Algebra").

NumPy's `inner`: for 1-D operands the ordinary inner product sum_i a_i * b_i (a 0-D
tensor, no conjugation); for higher ranks every vector along the last axis of `a` meets
every vector along the last axis of `b`, so the result has shape a.shape[:-1] +
b.shape[:-1]. The last axes must have the same size.
"""

from math import prod

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.matmul import matmul
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "inner")
def inner(a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype("inner", a, b)
    if a.ndim == 0 or b.ndim == 0:
        # Note: R141 — a 0-D operand has no last axis; NumPy's `inner` then multiplies element-wise
        # (READINGS R3).
        with np.errstate(all="ignore"):
            return Tensor.from_values(wide(a) * wide(b), dtype)
    k = a.shape[-1]
    require(b.shape[-1] == k, "inner",
            f"shapes {list(a.shape)} and {list(b.shape)}: the last axes have sizes {k} and "
            f"{b.shape[-1]}; they must be equal")
    rows = wide(a).reshape(prod(a.shape[:-1]), k)
    columns = wide(b).reshape(prod(b.shape[:-1]), k).T
    return Tensor.from_values(matmul(rows, columns).reshape(a.shape[:-1] + b.shape[:-1]), dtype)
