"""cholesky: the Cholesky factor of a Hermitian positive definite matrix (nx.txt,
"Matrix Decompositions").

`cholesky ?upper a` returns L, lower triangular with a positive real diagonal, such that
a = L L^H (the documentation writes L times L.T, which is L L^H for a real matrix); with
`~upper:true` it returns U = L^H, upper triangular, with a = U^H U. A batch of matrices
(the last two axes) is factorised matrix by matrix. A matrix that is not positive
definite raises `Invalid_argument` (READINGS R160). The numeric
core is `_cores/cholesky.py` (GVL §4.2).
"""

from reference.errors import require
from reference.nx._cores.cholesky import cholesky_lower
from reference.nx._cores.matrices import conj_t, matrices
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cholesky")
def cholesky(a: Tensor, *, upper: bool = False) -> Tensor:
    values = matrices("cholesky", a, square=True)
    # Note: R159 — the input is taken to be Hermitian and only one triangle of it is read, as
    # LAPACK `potrf` and NumPy do: the lower one, or the upper one with ~upper:true
    # (whose conjugate transpose is the lower triangle of the same Hermitian matrix).
    lower, definite = cholesky_lower(conj_t(values) if upper else values)
    require(bool(definite.all()), "cholesky",
            f"the {'matrix' if a.ndim == 2 else 'batch holds a matrix that'} is not positive "
            f"definite (a pivot of the factorisation is not positive)")
    return Tensor.from_values(conj_t(lower) if upper else lower, a.dtype)
