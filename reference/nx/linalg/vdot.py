"""vdot: the dot product of two tensors seen as flat vectors (nx.txt, "Linear Algebra").

Both operands are flattened (row-major) and must then have the same length; the result
is the 0-D tensor sum_i conj(a_i) * b_i, whatever the input shapes. The first operand
is conjugated when complex (documented); for real dtypes conjugation does nothing.
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.matmul import matmul
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "vdot")
def vdot(a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype("vdot", a, b)
    require(a.numel == b.numel, "vdot",
            f"shapes {list(a.shape)} and {list(b.shape)} have {a.numel} and {b.numel} "
            f"elements; flattened, they must have the same length")
    row = np.conj(wide(a)).reshape(1, a.numel)
    column = wide(b).reshape(b.numel, 1)
    return Tensor.from_values(matmul(row, column).reshape(()), dtype)
