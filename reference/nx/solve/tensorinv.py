"""tensorinv: the inverse of a tensor for `tensordot` (nx.txt, "Solving Linear Systems").

`tensorinv ?ind a` (NumPy `tensorinv`; `ind` defaults to 2, documented): the first `ind`
axes of a are the rows and the others the columns of a square matrix (their sizes must
multiply to the same number), which is inverted; the inverse, reshaped to
a.shape[ind:] + a.shape[:ind], is such that tensordot(a, a_inv, ind) = I (documented). A
singular matrix raises `Invalid_argument`.
"""

import math

from reference.errors import require
from reference.nx._cores.matrices import float_values, identity
from reference.nx.solve.solve import solved
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "tensorinv")
def tensorinv(a: Tensor, *, ind: int = 2) -> Tensor:
    require(ind > 0, "tensorinv", f"ind is {ind}; it must be positive")
    require(ind <= a.ndim, "tensorinv",
            f"ind is {ind}; a has only {a.ndim} axes (shape {list(a.shape)})")
    values = float_values("tensorinv", a)
    rows, columns = math.prod(a.shape[:ind]), math.prod(a.shape[ind:])
    require(rows == columns, "tensorinv",
            f"the first {ind} axes of a {list(a.shape)} hold {rows} elements and the others "
            f"{columns}: they must make a square matrix")
    inverse = solved("tensorinv", values.reshape(rows, rows), identity((), rows, values.dtype))
    return Tensor.from_values(inverse.reshape(a.shape[ind:] + a.shape[:ind]), a.dtype)
