"""vecdot: dot products of the vectors along an axis (seed 001, "Linear Algebra").

The vectors lie along `axis` (default -1) of each operand; the two vectors must have
the same length, and the other axes broadcast together. Each result element is
sum_i conj(x1_i) * x2_i: the result has the broadcast shape of the other axes.
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.matmul import matmul
from reference.nx.linalg._common import vectors_along
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "vecdot")
def vecdot(x1: Tensor, x2: Tensor, *, axis: int = -1) -> Tensor:
    dtype = same_dtype("vecdot", x1, x2)
    first, second = vectors_along("vecdot", x1, x2, axis)
    # Note: R144 — the two vector lengths must match; they do not broadcast (NumPy `vecdot`).
    require(first.shape[-1] == second.shape[-1], "vecdot",
            f"shapes {list(x1.shape)} and {list(x2.shape)} have vectors of lengths "
            f"{first.shape[-1]} and {second.shape[-1]} along axis {axis}; they must be equal")
    # Note: R143 — the documentation contrasts vecdot with vdot only in flattening, and NumPy's
    # vecdot conjugates its first operand: so does this one (complex dtypes).
    rows = np.conj(first)[..., np.newaxis, :]
    columns = second[..., :, np.newaxis]
    return Tensor.from_values(matmul(rows, columns)[..., 0, 0], dtype)
