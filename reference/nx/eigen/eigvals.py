"""eigvals: the eigenvalues of a general square matrix (nx.txt, "Eigenvalues and
Eigenvectors").

`eigvals a` returns the w of `eig a` alone: the n eigenvalues of each n×n matrix of the
batch, complex for real inputs (documented: "eigenvalues may be complex"): complex64 for
every float or complex input, its type `('a, 'b) t -> (Complex.t, complex64_elt) t`
(nx.mli:2615; see `complex_dtype`).
Their order is not documented. The numeric core is
`_cores/general_eigen.py`, without the eigenvectors.
"""

from reference.nx._cores.general_eigen import general_eigen
from reference.nx._cores.matrices import complex_dtype, matrices
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "eigvals")
def eigvals(a: Tensor) -> Tensor:
    dtype = complex_dtype("eigvals", a.dtype)
    w, _ = general_eigen(matrices("eigvals", a, square=True), vectors=False)
    return Tensor.from_values(w, dtype)
