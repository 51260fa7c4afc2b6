"""det: the determinant of a square matrix (nx.txt, "Norms and Condition Numbers").

`det a` is the product of the pivots of the LU factorisation with partial pivoting,
times -1 for each row exchange (P A = L U, det A = det P · prod u_ii). A batch of
matrices (the last two axes) gives a tensor of the batch's shape; the result has a's
dtype. A singular matrix has determinant 0 (no error); a 0×0 matrix has determinant 1
(the empty product). The numeric core is `_cores/lu.py` (GVL Algorithm 3.4.1).
"""

import numpy as np

from reference.nx._cores.lu import lu_factor
from reference.nx._cores.matrices import matrices
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "det")
def det(a: Tensor) -> Tensor:
    factors = lu_factor(matrices("det", a, square=True))
    with np.errstate(all="ignore"):
        pivots = np.multiply.reduce(factors.diagonal(), axis=-1)
    return Tensor.from_values((-1.0) ** factors.swaps * pivots, a.dtype)
