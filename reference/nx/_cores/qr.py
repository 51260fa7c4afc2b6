"""Householder QR: A = Q R with Q unitary and R upper triangular.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., Algorithm 5.2.1
(Householder QR) with the backward accumulation of Q of §5.1.6.

For each column j (while there are rows below the diagonal), a reflection H_j
(`householder.reflector`) maps the part of column j on and below the diagonal to a
multiple of the first unit vector; applied to the trailing rows, it zeroes column j
below the diagonal. After min(m - 1, n) steps the matrix is R, and
Q = H_0 H_1 ... H_{k-1}. Q is accumulated backwards, H_0 (H_1 (... (H_{k-1} E))), where
E holds the first columns of the identity: each H_j only touches rows j and below.

Reduced (economy) form: Q is m×k and R is k×n, k = min(m, n). Complete form: Q is m×m
and R is m×n. Backward error: the computed factors are the exact QR factors of A + E
with |E| <= c·m·n·eps·|A| in norm (GVL §5.2; Higham, "Accuracy and Stability of Numerical
Algorithms", 2nd ed., §19.3).
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.householder import reflect_rows, reflector
from reference.nx._cores.matrices import identity


def householder_qr(a: np.ndarray, *, complete: bool) -> tuple[np.ndarray, np.ndarray]:
    """Q and R of every matrix of `a` (..., m, n), in `a`'s wide type."""
    *batch, m, n = a.shape
    r = np.array(a, copy=True)
    reflections = []
    columns = m if complete else min(m, n)
    q = identity(tuple(batch), m, r.dtype)[..., :columns]
    with np.errstate(all="ignore"):  # non-finite entries propagate as IEEE says
        for j in range(min(m - 1, n)):
            v, tau, alpha = reflector(r[..., j:, j])
            reflect_rows(v, tau, r[..., j:, j + 1:])
            r[..., j, j] = alpha
            r[..., j + 1:, j] = 0
            reflections.append((v, tau))
        for j in range(len(reflections) - 1, -1, -1):
            v, tau = reflections[j]
            reflect_rows(v, tau, q[..., j:, :])
    return q, (r if complete else r[..., :columns, :])
