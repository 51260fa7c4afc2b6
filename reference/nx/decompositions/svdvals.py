"""svdvals: the singular values of a matrix (nx.txt, "Matrix Decompositions").

`svdvals a` returns the S of `svd a` alone: the min(m, n) singular values of each m×n
matrix of the batch, in descending order. The numeric core is `_cores/svd.py`
(Householder bidiagonalisation and dqds, without U and V; the values are those of `svd`'s
S bit for bit).
"""

from reference.nx._cores.matrices import matrices, real_dtype
from reference.nx._cores.svd import svd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "svdvals")
def svdvals(a: Tensor) -> Tensor:
    _, s, _ = svd(matrices("svdvals", a), vectors=False)
    # Note: R158 — as for `svd`'s S, the values are real and come in the real dtype of a's
    # width; cases check values, not the dtype.
    return Tensor.from_values(s, real_dtype(a.dtype))
