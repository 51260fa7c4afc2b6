"""matrix_rank: the numerical rank of a matrix (nx.txt, "Norms and Condition Numbers").

`matrix_rank ?tol ?rtol ?hermitian a` counts the singular values greater than a
tolerance (documented): `tol` if given (absolute), else rtol · sigma_max with the
documented default rtol = max(M, N) · eps, eps being the machine epsilon of a's dtype
(of its parts for a complex dtype). `~hermitian:true` takes the singular values as the
absolute values of the eigenvalues of the Hermitian matrix (its lower triangle is read).
The result is one OCaml int, "rank of matrix" (nx.mli:2703-2704), so a batch of matrices,
which has no single rank, raises. A 0×n or m×0 matrix has rank 0. Where the documentation
is silent the reference takes Nx 1.0.0~alpha1's answer, one of those the cases accept (see
the notes).
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
def matrix_rank(
    a: Tensor, *, tol: float | None = None, rtol: float | None = None, hermitian: bool = False
) -> int:
    values = float_values("matrix_rank", a)
    # Note: R166 — as Nx 1.0.0~alpha1, a 0-D or 1-D input raises (the cases also accept
    # NumPy's vector rank 0 or 1). A batch has no single rank for the one int (Nx 1.0.0~alpha1
    # counts the singular values of all its matrices: upstream).
    require(
        a.ndim == 2,
        "matrix_rank",
        f"input has shape {list(a.shape)}; it must be a matrix (one int is one rank)",
    )
    if hermitian:
        require(
            a.shape[-1] == a.shape[-2],
            "matrix_rank",
            f"~hermitian:true needs square matrices, got shape {list(a.shape)}",
        )
        w, _ = hermitian_eigen(hermitian_from("matrix_rank", values, "L"), vectors=False)
        singular = np.abs(w)
    else:
        _, singular, _ = svd(values, vectors=False)
    # Note: R166 — as Nx 1.0.0~alpha1, ~tol wins when both tolerances are given (the cases also
    # accept NumPy's refusal).
    if tol is None:
        if rtol is None:
            eps = float(ml_dtypes.finfo(real_dtype(a.dtype).storage).eps)
            rtol = max(a.shape[-2:]) * eps
        tol = rtol * np.max(singular, initial=0.0)
    return int(np.add.reduce(singular > tol, axis=None))
