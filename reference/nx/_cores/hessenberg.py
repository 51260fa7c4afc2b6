"""Householder reduction to upper Hessenberg form: A = Q H Q^H.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., Algorithm 7.4.2
(Householder reduction to Hessenberg form).

Step k (k = 0 .. n-3) takes the reflection H_k (`householder.reflector`) that zeroes
column k below the subdiagonal and applies it on both sides, A <- H_k A H_k, which keeps
the eigenvalues. The result H is zero below the first subdiagonal, and
Q = H_0 H_1 ... H_{n-3} is accumulated by applying each H_k to the columns of Q. A
Hermitian A gives a Hermitian tridiagonal H (up to rounding). Backward error: H is the
exact reduction of A + E with |E| <= c·n²·eps·|A| in norm (GVL §7.4).

Each step is a few NumPy operations over the whole batch (..., n, n).
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.householder import reflect_columns, reflect_rows, reflector
from reference.nx._cores.matrices import identity


def hessenberg(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`(H, Q)` with A = Q H Q^H for every matrix of `a` (..., n, n)."""
    *batch, n, _ = a.shape
    h = np.array(a, copy=True)
    q = identity(tuple(batch), n, h.dtype)
    for k in range(n - 2):
        v, tau, alpha = reflector(h[..., k + 1:, k])
        reflect_rows(v, tau, h[..., k + 1:, k + 1:])
        reflect_columns(h[..., :, k + 1:], v, tau)
        reflect_columns(q[..., :, k + 1:], v, tau)
        h[..., k + 1, k] = alpha
        h[..., k + 2:, k] = 0
    return h, q
