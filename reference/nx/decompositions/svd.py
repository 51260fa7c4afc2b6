"""svd: the singular value decomposition a = U diag(S) Vh (nx.txt, "Matrix
Decompositions").

`svd ?full_matrices a` returns (U, S, Vh): S holds the k = min(m, n) singular values of
the m×n matrix a in descending order (documented), U has orthonormal columns and Vh
orthonormal rows. `~full_matrices:false` (the documented default) gives U m×k and Vh
k×n; `~full_matrices:true` gives the square U m×m and Vh n×n. U and Vh are not unique
(signs, phases, and any basis of a repeated singular value's space): cases check the
defining properties. A batch of matrices (the last two axes) is decomposed matrix by
matrix. The numeric core is `_cores/svd.py` (Golub–Kahan–Reinsch: Householder
bidiagonalisation, dqds for S, implicit-shift bidiagonal QR for U and V).
"""

from reference.nx._cores.matrices import matrices, real_dtype
from reference.nx._cores.svd import svd as svd_core
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "svd")
def svd(a: Tensor, *, full_matrices: bool = False) -> tuple[Tensor, Tensor, Tensor]:
    u, s, vh = svd_core(matrices("svd", a), vectors=True, full=full_matrices)
    # Note: R158 — the documentation gives no dtype for S; the singular values are real, so
    # the reference returns them in the real dtype of a's width (float32 for float32
    # and complex32). Cases check S's values, not its dtype.
    return (Tensor.from_values(u, a.dtype), Tensor.from_values(s, real_dtype(a.dtype)),
            Tensor.from_values(vh, a.dtype))
