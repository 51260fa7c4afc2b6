"""matrix_rank: the numerical rank of a matrix (seed 001, "Norms and Condition Numbers").

`matrix_rank ?tol ?rtol ?hermitian a` counts the singular values greater than a
tolerance (documented): `tol` if given (absolute), else rtol · sigma_max with the
documented default rtol = max(M, N) · eps, eps being the machine epsilon of a's dtype
(of its parts for a complex dtype). `~hermitian:true` takes the singular values as the
absolute values of the eigenvalues of the Hermitian matrix (its lower triangle is read).
The result is an OCaml int, so a is one matrix; a 0×n or m×0 matrix has rank 0.
"""

import ml_dtypes
import numpy as np

from reference.errors import require
from reference.nx._cores.matrices import float_values, hermitian_from, real_dtype
from reference.nx._cores.svd import svd
from reference.nx._cores.symmetric_eigen import hermitian_eigen
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "matrix_rank")
def matrix_rank(a: Tensor, *, tol: float | None = None, rtol: float | None = None,
                hermitian: bool = False) -> int:
    values = float_values("matrix_rank", a)
    # Note: R166 — the result is one int, so a batch of matrices is refused; a 0-d or 1-D
    # input has rank 1 when it holds a non-zero element and 0 otherwise (NumPy).
    require(a.ndim <= 2, "matrix_rank",
            f"input has shape {list(a.shape)}; it must be one matrix (the result is an int)")
    if a.ndim < 2:
        return int(np.any(values != 0))
    # Note: R166 — an absolute and a relative tolerance together are ambiguous: refused (NumPy).
    require(tol is None or rtol is None, "matrix_rank", "give ~tol or ~rtol, not both")
    if hermitian:
        require(a.shape[0] == a.shape[1], "matrix_rank",
                f"~hermitian:true needs a square matrix, got shape {list(a.shape)}")
        w, _ = hermitian_eigen(hermitian_from("matrix_rank", values, "L"), vectors=False)
        singular = np.abs(w)
    else:
        _, singular, _ = svd(values, vectors=False)
    if tol is None:
        if rtol is None:
            eps = float(ml_dtypes.finfo(real_dtype(a.dtype).storage).eps)
            rtol = max(a.shape) * eps
        tol = rtol * np.max(singular, initial=0.0)
    return int(np.add.reduce(singular > tol))
