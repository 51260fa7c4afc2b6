"""eig: eigenvalues and right eigenvectors of a general square matrix (nx.txt,
"Eigenvalues and Eigenvectors").

`eig a` returns (w, V) with a V = V diag(w): w holds the n eigenvalues (with their
multiplicities) and the columns of V are unit-norm eigenvectors. Both are complex64, the
type `('a, 'b) t -> (Complex.t, complex64_elt) t * ...` (nx.mli:2592), for every float
or complex input; the prose's complex32 for float32 (nx.txt:1880) contradicts the type
(ERRATA nx.eig; `complex_dtype`). The order of
the eigenvalues and the scaling of each eigenvector by a unit complex number are not
documented: cases check the multiset of eigenvalues and the eigen-equation, not one
order. A batch of matrices (the last two axes) is handled matrix by matrix. The numeric core is
`_cores/general_eigen.py` (Hessenberg reduction and Francis double-shift QR).
"""

from reference.nx._cores.general_eigen import general_eigen
from reference.nx._cores.matrices import complex_dtype, matrices
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "eig")
def eig(a: Tensor) -> tuple[Tensor, Tensor]:
    dtype = complex_dtype("eig", a.dtype)
    w, v = general_eigen(matrices("eig", a, square=True), vectors=True)
    return Tensor.from_values(w, dtype), Tensor.from_values(v, dtype)
