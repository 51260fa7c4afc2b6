"""cond: the condition number of a matrix (seed 001, "Norms and Condition Numbers").

`cond ?p x` is the ratio of norms (documented: "ratio of largest to smallest"): for the
2-norm (the default), sigma_max / sigma_min of the singular values, for `` `NegTwo ``
sigma_min / sigma_max (so both work on non-square matrices); for `` `One ``,
`` `NegOne ``, `` `Inf ``, `` `NegInf `` and `` `Fro ``, norm(x, p) · norm(inv x, p) on
square matrices (NumPy `cond`). The norms are those of `norm`. A batch of matrices (the
last two axes) gives a tensor of the batch's shape, in x's dtype.
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
    require(p != "Nuc", "cond", "p is `Nuc; it must be `One, `Two, `Inf, `NegOne, `NegTwo, "
                                "`NegInf or `Fro")
    values = matrices("cond", x, square=p in FROM_INVERSE)
    with np.errstate(all="ignore"):
        if p in FROM_INVERSE:
            factors = lu_factor(values)
            n = values.shape[-1]
            inverse = lu_solve(factors, identity(values.shape[:-2], n, values.dtype))
            ratio = matrix_norm(values, p) * matrix_norm(inverse, p)
            # Note: R165 — a singular matrix has no inverse: its condition number is inf (NumPy).
            ratio = np.where(factors.singular, np.inf, ratio)
        else:
            _, singular, _ = svd(values, vectors=False)
            require(singular.shape[-1] > 0, "cond", "an empty matrix has no condition number")
            largest, smallest = singular[..., 0], singular[..., -1]
            ratio = largest / smallest if p == "Two" else smallest / largest
    # Note: R165 — 0/0 (the zero matrix) is a singular matrix too: inf, unless x itself holds a
    # NaN (NumPy `cond` turns the NaN of a singular input into inf the same way).
    has_nan = np.isnan(values).any(axis=(-2, -1))
    ratio = np.where(np.isnan(ratio) & ~has_nan, np.inf, ratio)
    return Tensor.from_values(ratio, x.dtype)
