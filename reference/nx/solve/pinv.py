"""pinv: the Moore-Penrose pseudo-inverse (nx.txt, "Solving Linear Systems").

`pinv ?rtol ?hermitian a` is V diag(1/s_i) U^H from the singular value decomposition
a = U diag(s) V^H (`_cores/svd.py`), where singular values s_i <= rtol · s_max count as
zero (their 1/s_i is replaced by 0): it "handles non-square and singular matrices"
(documented), giving an n×m result for an m×n matrix. With `~hermitian:true` the
decomposition is the eigendecomposition a = V diag(w) V^H of the Hermitian matrix
(its lower triangle is read), and the result V diag(1/w_i) V^H with the same cutoff on
|w_i|. A batch of matrices (the last two axes) is handled matrix by matrix.
"""

import ml_dtypes
import numpy as np

from reference.errors import require
from reference.nx._cores.matmul import matmul
from reference.nx._cores.matrices import conj_t, hermitian_from, matrices, real_dtype
from reference.nx._cores.svd import svd
from reference.nx._cores.symmetric_eigen import hermitian_eigen
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "pinv")
def pinv(a: Tensor, *, rtol: float | None = None, hermitian: bool = False) -> Tensor:
    values = matrices("pinv", a)
    m, n = a.shape[-2:]
    if rtol is None:
        # Note: R163 — the default rtol is not documented; the reference takes max(M, N) · eps
        # of a's dtype, the default of `matrix_rank` and of NumPy's `pinv(rtol=None)`.
        rtol = max(m, n) * float(ml_dtypes.finfo(real_dtype(a.dtype).storage).eps)
    if hermitian:
        require(m == n, "pinv", f"~hermitian:true needs square matrices, got {list(a.shape)}")
        w, v = hermitian_eigen(hermitian_from("pinv", values, "L"), vectors=True)
        left, s, right = v, w, conj_t(v)
    else:
        u, s, vh = svd(values, vectors=True)
        left, right = u, vh
    size = np.abs(s)
    kept = size > rtol * np.max(size, axis=-1, keepdims=True, initial=0.0)
    with np.errstate(all="ignore"):
        inverse = np.where(kept, 1 / np.where(kept, s, 1), 0)
        result = matmul(conj_t(right) * inverse[..., None, :], conj_t(left))
    return Tensor.from_values(result, a.dtype)
