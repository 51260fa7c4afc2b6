"""Householder reduction to upper Hessenberg form: A = Q H Q^H.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., Algorithm 7.4.2
(Householder reduction to Hessenberg form), with the backward accumulation of Q of
§5.1.6.

Step k (k = 0 .. n-3) takes the reflection H_k (`householder.reflector`) that zeroes
column k below the subdiagonal and applies it on both sides, A <- H_k A H_k, which keeps
the eigenvalues. The result H is zero below the first subdiagonal. When asked for,
Q = H_0 H_1 ... H_{n-3} is accumulated backwards, H_0 (H_1 (... (H_{n-3} I))): H_k only
touches rows and columns k+1 and beyond of the partial product, so each step costs
(n-k-1)² rather than n (n-k-1). A Hermitian A gives a Hermitian tridiagonal H (up to
rounding). Backward error: H is the exact reduction of A + E with |E| <= c·n²·eps·|A| in
norm (GVL §7.4).

Each step is a few NumPy operations over the whole batch (..., n, n).
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.householder import reflect_columns, reflect_rows, reflector
from reference.nx._cores.matrices import identity


def hessenberg(a: np.ndarray, *, vectors: bool = True) -> tuple[np.ndarray, np.ndarray | None]:
    """`(H, Q)` with A = Q H Q^H for every matrix of `a` (..., n, n); Q is None unless
    `vectors`."""
    *batch, n, _ = a.shape
    h = np.array(a, copy=True)
    reflections = []
    for k in range(n - 2):
        v, tau, alpha = reflector(h[..., k + 1:, k])
        reflect_rows(v, tau, h[..., k + 1:, k + 1:])
        reflect_columns(h[..., :, k + 1:], v, tau)
        h[..., k + 1, k] = alpha
        h[..., k + 2:, k] = 0
        reflections.append((v, tau))
    if not vectors:
        return h, None
    q = identity(tuple(batch), n, h.dtype)
    for k in range(len(reflections) - 1, -1, -1):
        v, tau = reflections[k]
        reflect_rows(v, tau, q[..., k + 1:, k + 1:])
    return h, q
