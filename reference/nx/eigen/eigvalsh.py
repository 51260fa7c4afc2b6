"""eigvalsh: the eigenvalues of a Hermitian (real symmetric) matrix (nx.txt,
"Eigenvalues and Eigenvectors").

`eigvalsh ?uplo a` returns the w of `eigh ?uplo a` alone: real eigenvalues in ascending
order, reading the lower (`` `L ``, default) or upper (`` `U ``) triangle. The numeric
core is `_cores/symmetric_eigen.py`, without the eigenvectors.
"""

from reference.nx._cores.matrices import hermitian_from, matrices, real_dtype
from reference.nx._cores.symmetric_eigen import hermitian_eigen
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "eigvalsh")
def eigvalsh(a: Tensor, *, uplo: str = "L") -> Tensor:
    hermitian = hermitian_from("eigvalsh", matrices("eigvalsh", a, square=True), uplo)
    w, _ = hermitian_eigen(hermitian, vectors=False)
    # Note: R158 — real eigenvalues, in the real dtype of a's width ("returns real eigenvalues").
    return Tensor.from_values(w, real_dtype(a.dtype))
