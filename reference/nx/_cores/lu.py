"""LU factorisation with partial pivoting, and the triangular solves that use it.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., Algorithm 3.4.1 (Gaussian
elimination with partial pivoting, outer-product form), §3.1 (forward and back
substitution, Algorithms 3.1.1 and 3.1.2).

Step k of the elimination swaps into row k the row (k or below) whose entry in column k
has the largest magnitude, divides the entries below the pivot by it (the multipliers,
the column of L) and subtracts the outer product of the multipliers and the pivot row
from the trailing submatrix. The result is P A = L U with L unit lower triangular
(|multipliers| <= 1) and U upper triangular, stored in one matrix. A pivot that is
exactly zero means the matrix is singular (the column below it is zero too): the
elimination goes on with multipliers 0, and `singular` reports it. Backward error:
(L + dL)(U + dU) = P A with |dL||dU| bounded by about n·eps·|L||U| (GVL §3.4).

Every step is one NumPy operation over the whole batch of matrices (..., n, n).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass
class LU:
    """P A = L U for a batch: `lu` holds L below the diagonal (unit diagonal implied)
    and U on and above it; row i of P A is row `rows[i]` of A; `swaps` counts the row
    exchanges (det P = (-1)^swaps); `singular` marks matrices with a zero pivot."""

    lu: np.ndarray
    rows: np.ndarray
    swaps: np.ndarray
    singular: np.ndarray

    def diagonal(self) -> np.ndarray:
        """The pivots: the diagonal of U (..., n)."""
        return np.diagonal(self.lu, axis1=-2, axis2=-1)


def lu_factor(a: np.ndarray) -> LU:
    """The partial-pivoting LU factorisation of every matrix of `a` (..., n, n)."""
    *batch, n, _ = a.shape
    count = math.prod(batch)
    lu = np.array(a, copy=True).reshape(count, n, n)
    every = np.arange(count)
    rows = np.broadcast_to(np.arange(n), (count, n)).copy()
    swaps = np.zeros(count, dtype=np.int64)
    singular = np.zeros(count, dtype=bool)
    with np.errstate(all="ignore"):
        for k in range(n):
            pivot_row = k + np.argmax(np.abs(lu[:, k:, k]), axis=-1)
            for array in (lu, rows):
                row_k, chosen = array[:, k].copy(), array[every, pivot_row]
                array[every, pivot_row] = row_k
                array[:, k] = chosen
            swaps += pivot_row != k
            pivot = lu[:, k, k]
            singular |= pivot == 0
            lu[:, k + 1:, k] /= np.where(pivot == 0, 1, pivot)[:, None]
            lu[:, k + 1:, k + 1:] -= lu[:, k + 1:, k, None] * lu[:, k, None, k + 1:]
    shape = tuple(batch)
    return LU(lu.reshape(*shape, n, n), rows.reshape(*shape, n), swaps.reshape(shape),
              singular.reshape(shape))


def forward_substitution(lower: np.ndarray, b: np.ndarray, *, unit: bool) -> np.ndarray:
    """x with L x = b, for L (..., n, n) lower triangular and b (..., n, k) (GVL 3.1.1).

    Row i: x_i = (b_i - sum_{j<i} L_ij x_j) / L_ii (L_ii = 1 when `unit`).
    """
    x = np.array(b, copy=True, dtype=np.result_type(lower, b))
    with np.errstate(all="ignore"):
        for i in range(x.shape[-2]):
            x[..., i, :] -= np.add.reduce(lower[..., i, :i, None] * x[..., :i, :], axis=-2)
            if not unit:
                x[..., i, :] /= lower[..., i, i, None]
    return x


def back_substitution(upper: np.ndarray, b: np.ndarray) -> np.ndarray:
    """x with U x = b, for U (..., n, n) upper triangular and b (..., n, k) (GVL 3.1.2).

    Row i, from the last: x_i = (b_i - sum_{j>i} U_ij x_j) / U_ii.
    """
    x = np.array(b, copy=True, dtype=np.result_type(upper, b))
    with np.errstate(all="ignore"):
        for i in range(x.shape[-2] - 1, -1, -1):
            x[..., i, :] -= np.add.reduce(upper[..., i, i + 1:, None] * x[..., i + 1:, :],
                                          axis=-2)
            x[..., i, :] /= upper[..., i, i, None]
    return x


def lu_solve(factors: LU, b: np.ndarray) -> np.ndarray:
    """x with A x = b, from the factors of A (..., n, n) and b (..., n, k) whose batch
    axes are those of A: P A x = P b, so L y = P b and then U x = y."""
    permuted = np.take_along_axis(b, factors.rows[..., :, None], axis=-2)
    y = forward_substitution(factors.lu, permuted, unit=True)
    return back_substitution(factors.lu, y)
