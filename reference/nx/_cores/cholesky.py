"""Cholesky factorisation: A = L L^H for a Hermitian positive definite A.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., §4.2 (the gaxpy Cholesky
algorithm), for complex Hermitian matrices with L^H in place of L^T.

Column j of L: the pivot d = a_jj - sum_{k<j} |l_jk|^2 must be positive (else A is not
positive definite), l_jj = sqrt(d), and l_ij = (a_ij - sum_{k<j} l_ik conj(l_jk)) / l_jj
below it. Only the lower triangle of A and the real part of its diagonal are read
(LAPACK `potrf` with uplo = L). Backward error: L L^H = A + E with
|E| <= (n+1)·eps·|L||L^H| / (1 - (n+1)·eps) (Higham, "Accuracy and Stability of Numerical
Algorithms", 2nd ed., Theorem 10.3).

Each column is one NumPy operation over the whole batch (..., n, n).
"""

from __future__ import annotations

import numpy as np


def cholesky_lower(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`(L, definite)`: the lower factor of every matrix of `a` (..., n, n), and for each
    matrix whether every pivot was positive (where it was not, L is meaningless)."""
    n = a.shape[-1]
    lower = np.zeros_like(a)
    definite = np.ones(a.shape[:-2], dtype=bool)
    with np.errstate(all="ignore"):
        for j in range(n):
            done = lower[..., j, :j]
            pivot = a[..., j, j].real - np.add.reduce(np.abs(done) ** 2, axis=-1)
            definite &= pivot > 0
            root = np.sqrt(np.where(pivot > 0, pivot, 1.0))
            lower[..., j, j] = root
            below = a[..., j + 1:, j] - np.add.reduce(
                lower[..., j + 1:, :j] * np.conj(done)[..., None, :], axis=-1)
            lower[..., j + 1:, j] = below / root[..., None]
    return lower, definite
