"""outer: the outer product of two vectors (nx.txt, "Linear Algebra").

Both operands are flattened (row-major) if they are not 1-D; for vectors a (length m)
and b (length n) the result is the m x n matrix M[i, j] = a_i * b_j (no conjugation).
"""

import numpy as np

from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "outer")
def outer(a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype("outer", a, b)
    column = wide(a).reshape(a.numel, 1)
    row = wide(b).reshape(1, b.numel)
    with np.errstate(all="ignore"):
        return Tensor.from_values(column * row, dtype)
