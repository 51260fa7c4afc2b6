"""eigh: eigenvalues and eigenvectors of a Hermitian (real symmetric) matrix (nx.txt,
"Eigenvalues and Eigenvectors").

`eigh ?uplo a` returns (w, V) with a V = V diag(w): w real and in ascending order
(documented), V with orthonormal columns (unitary). Only one triangle of a is read:
the lower one (`` `L ``, the documented default) or the upper one (`` `U ``); the other
is taken to be its conjugate transpose. Eigenvectors are unique only up to a unit
factor (and to a basis of a repeated eigenvalue's space): cases check the properties.
A batch of matrices (the last two axes) is handled matrix by matrix. The numeric core is
`_cores/symmetric_eigen.py` (tridiagonalisation and implicit symmetric QR).
"""

from reference.nx._cores.matrices import hermitian_from, matrices, real_dtype
from reference.nx._cores.symmetric_eigen import hermitian_eigen
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "eigh")
def eigh(a: Tensor, *, uplo: str = "L") -> tuple[Tensor, Tensor]:
    hermitian = hermitian_from("eigh", matrices("eigh", a, square=True), uplo)
    w, v = hermitian_eigen(hermitian, vectors=True)
    # Note: R158 — the documentation gives no dtype for w; the eigenvalues are real
    # ("guaranteed real"), so they come in the real dtype of a's width (float64 for
    # complex64). V keeps a's dtype.
    return Tensor.from_values(w, real_dtype(a.dtype)), Tensor.from_values(v, a.dtype)
