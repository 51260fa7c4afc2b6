"""inv: the inverse of a square matrix (nx.txt, "Solving Linear Systems").

`inv a` is the solution X of a X = I (`solve` with the identity as right-hand sides: LU
factorisation with partial pivoting, `_cores/lu.py`). A batch of matrices (the last two
axes) is inverted matrix by matrix. A singular matrix raises `Invalid_argument`
(READINGS R160); a 0×0 matrix is its own inverse.
"""

from reference.nx._cores.matrices import identity, matrices
from reference.nx.solve.solve import solved
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "inv")
def inv(a: Tensor) -> Tensor:
    values = matrices("inv", a, square=True)
    eye = identity(values.shape[:-2], values.shape[-1], values.dtype)
    return Tensor.from_values(solved("inv", values, eye), a.dtype)
