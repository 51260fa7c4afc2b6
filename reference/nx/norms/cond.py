"""cond: the condition number of a matrix (nx.txt, "Norms and Condition Numbers").

`cond ?p x` is the ratio of norms (documented: "ratio of largest to smallest"): for the
2-norm (the default), sigma_max / sigma_min of the singular values, for `` `NegTwo ``
sigma_min / sigma_max; for `` `One ``, `` `NegOne ``, `` `Inf ``, `` `NegInf `` and
`` `Fro ``, norm(x, p) · norm(inv x, p) (NumPy `cond`). The norms are those of `norm`.
The matrices are square (see the notes). A batch of matrices (the last two axes) gives a
tensor of the batch's shape, in x's dtype.
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.lu import lu_factor, lu_solve
from reference.nx._cores.matrices import identity, matrices
from reference.nx._cores.svd import svd
from reference.nx.norms.norm import matrix_norm, matrix_ord
from reference.registry import op
from reference.tensor import Tensor

FROM_INVERSE = ("One", "NegOne", "Inf", "NegInf", "Fro")


@op("nx", "cond")
def cond(x: Tensor, *, p: str | None = None) -> Tensor:
    p = "Two" if p is None else matrix_ord(p, "cond")
    require(
        p != "Nuc",
        "cond",
        "p is `Nuc; it must be `One, `Two, `Inf, `NegOne, `NegTwo, `NegInf or `Fro",
    )
    # Note: R165 — as Nx 1.0.0~alpha1 (the documentation is silent), every p needs square
    # matrices, the 2-norm ratio too (NumPy takes any shape there).
    values = matrices("cond", x, square=True)
    with np.errstate(all="ignore"):
        if p in FROM_INVERSE:
            factors = lu_factor(values)
            # Note: R165 — as Nx 1.0.0~alpha1, a singular matrix has no inverse and raises, as in
            # inv (NumPy gives inf).
            require(
                not np.any(factors.singular), "cond", f"`{p} needs the inverse of a singular matrix"
            )
            n = values.shape[-1]
            inverse = lu_solve(factors, identity(values.shape[:-2], n, values.dtype))
            ratio = matrix_norm(values, p) * matrix_norm(inverse, p)
        else:
            _, singular, _ = svd(values, vectors=False)
            require(singular.shape[-1] > 0, "cond", "an empty matrix has no condition number")
            largest, smallest = singular[..., 0], singular[..., -1]
            # Note: R165 — the ratio as it stands: 1/0 is inf and, as Nx 1.0.0~alpha1, the zero
            # matrix's 0/0 is NaN (NumPy turns it into inf).
            ratio = largest / smallest if p == "Two" else smallest / largest
    return Tensor.from_values(ratio, x.dtype)
