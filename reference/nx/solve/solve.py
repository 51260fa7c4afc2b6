"""solve: the solution of the linear systems a x = b (nx.txt, "Solving Linear Systems").

`solve a b` solves a·x = b for a square non-singular a, by LU factorisation with
partial pivoting and two triangular solves (`_cores/lu.py`, GVL Algorithm 3.4.1). b is a
vector (1-D) or a (batch of) matrix of right-hand sides (its last two axes; see the
note); batch axes of a and b broadcast ("batched operations when a, b have
compatible batch dimensions"). a and b
have one dtype (no promotion). A singular matrix raises `Invalid_argument`
(READINGS R160).
"""

import numpy as np

from reference.broadcast import broadcast_shapes
from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.lu import lu_factor, lu_solve
from reference.nx._cores.matrices import float_values, matrices
from reference.registry import op
from reference.tensor import Tensor


def solved(function: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """x with a x = b for square a (..., n, n) and b (..., n, k) of one batch shape;
    `Invalid_argument` if a matrix of the batch is singular (an exactly zero pivot)."""
    factors = lu_factor(a)
    require(
        not factors.singular.any(),
        function,
        "the matrix is singular (a pivot of its LU factorisation is zero)",
    )
    return lu_solve(factors, b)


@op("nx", "solve")
def solve(a: Tensor, b: Tensor) -> Tensor:
    same_dtype("solve", a, b)
    left = matrices("solve", a, square=True)
    right = float_values("solve", b)
    n = a.shape[-1]
    # Note: R161 — a 1-D b is one right-hand side (the result is a vector); a b of 2 or more
    # dimensions is a (batch of) matrix of right-hand sides in its last two axes, as in
    # NumPy 2 `solve`. (The cases also accept NumPy 1's and Nx 1.0.0~alpha1's reading of a
    # 2-D b [k; n] beside a batch of k matrices: k vectors, one per matrix.)
    vector = b.ndim == 1
    if vector:
        right = right[..., None]
    require(
        b.ndim >= 1 and right.shape[-2] == n,
        "solve",
        f"b has shape {list(b.shape)}; its {'length' if vector else 'rows'} must be "
        f"the size {n} of the matrix a {list(a.shape)}",
    )
    batch = broadcast_shapes("solve", a.shape[:-2], right.shape[:-2])
    x = solved(
        "solve",
        np.broadcast_to(left, (*batch, n, n)),
        np.broadcast_to(right, (*batch, *right.shape[-2:])),
    )
    return Tensor.from_values(x[..., 0] if vector else x, a.dtype)
