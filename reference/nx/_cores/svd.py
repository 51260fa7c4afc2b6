"""Singular value decomposition A = U diag(S) V^H, by one-sided Jacobi.

Algorithm: the one-sided Jacobi method of Hestenes (Golub & Van Loan, *Matrix
Computations*, 4th ed., §8.6, "Jacobi SVD procedures"; Demmel & Veselić, "Jacobi's method
is more accurate than QR", SIAM J. Matrix Anal. Appl. 13, 1992), with the parallel
(round-robin) ordering of GVL §8.5 (Brent & Luk).

For a matrix B (m×n, m >= n; a wide A is handled through A^H), rotate pairs of columns
(b_p, b_q) by a 2×2 unitary J chosen so that the rotated columns are orthogonal: J
diagonalises their Gram matrix [[|b_p|², g], [conj g, |b_q|²]], g = b_p^H b_q, exactly
as a Jacobi rotation diagonalises a 2×2 symmetric matrix (GVL §8.5.2, with the phase of
g for complex columns). The same rotations, applied to the identity, build V: each row
of the working array holds a column of B followed by the same column of V. A sweep
visits every pair once; the round-robin schedule splits it into n - 1 rounds of n/2
disjoint pairs, and each round is one NumPy operation over all its pairs and the whole
batch. Sweeps repeat until no pair has |g| > eps·|b_p|·|b_q|: the columns of B V are then
orthogonal to working accuracy, their norms are the singular values, and the normalised
columns are U. This relative test is what makes one-sided Jacobi accurate for the small
singular values of graded matrices (Demmel & Veselić). A column that the rotations of a
sweep cancel below m·eps times its norm at the start of the sweep has no significant
digit left (it is a zero column of a rank-deficient matrix) and is set to zero.

The matrix is first scaled by a power of two (exact) that brings its largest entry near
1, so that the squared column norms neither overflow nor underflow; the singular values
are scaled back at the end. Then they are listed in descending order; a column of U
whose singular value is exactly zero has no direction of its own, and, for `full` U,
the columns beyond n do not exist: both are taken from an orthonormal basis of the
complement of the other columns (the trailing columns of the complete Householder QR of
those columns).

Backward error: U diag(S) V^H = A + E with |E| <= c·n·eps·|A| in norm, U and V
orthonormal to about n·eps; each singular value has a small relative error when A is a
well-conditioned matrix times a diagonal scaling (Demmel & Veselić).
"""

from __future__ import annotations

import math
from functools import cache

import numpy as np

from reference.nx._cores.householder import norm2
from reference.nx._cores.matrices import conj_t, identity, power_of_two_scale, sorted_order
from reference.nx._cores.qr import householder_qr

EPS = float(np.finfo(np.float64).eps)
MAX_SWEEPS = 60
"""Sweeps allowed; a well-scaled matrix needs about 10, a badly graded one up to 30."""


def svd(a: np.ndarray, *, vectors: bool, full: bool = False
        ) -> tuple[np.ndarray | None, np.ndarray, np.ndarray | None]:
    """`(U, S, Vh)` of every matrix of `a` (..., m, n): S (..., k) real descending,
    k = min(m, n); U (..., m, k or m) and Vh (..., k or n, n) when `vectors` (else None).
    A matrix with a NaN or infinite entry gets NaN everywhere."""
    m, n = a.shape[-2:]
    tall = m >= n
    b = a if tall else conj_t(a)
    finite = np.isfinite(b).all(axis=(-2, -1))[..., None, None]
    scale = power_of_two_scale(b)
    with np.errstate(all="ignore"):
        b = np.where(finite, b * scale[..., None, None], np.nan)
        columns, rotations = jacobi_orthogonalise(b, vectors=vectors)
        sigma = norm2(columns)
        order = sorted_order(sigma, descending=True)
        sigma = np.take_along_axis(sigma, order, axis=-1)
        if not vectors:
            return None, sigma / scale[..., None], None
        columns = np.take_along_axis(columns, order[..., :, None], axis=-2)
        right = np.take_along_axis(rotations, order[..., :, None], axis=-2)
        left = np.swapaxes(columns / sigma[..., :, None], -1, -2)
    rows = b.shape[-2]
    left = orthonormal_completion(left, sigma > 0, rows if full else left.shape[-1])
    left = np.where(finite, left, np.nan)
    right = np.where(finite, np.swapaxes(right, -1, -2), np.nan)
    sigma = sigma / scale[..., None]
    return (left, sigma, conj_t(right)) if tall else (right, sigma, conj_t(left))


def jacobi_orthogonalise(b: np.ndarray, *, vectors: bool
                         ) -> tuple[np.ndarray, np.ndarray | None]:
    """The columns of B V, orthogonal, and the columns of the unitary V (None unless
    `vectors`), for every matrix B (..., m, n), both returned as rows ((..., n, m) and
    (..., n, n))."""
    *batch, m, n = b.shape
    # Row j of `work` is column j of B followed, when V is wanted, by column j of V
    # (starting from I): one rotation of two rows rotates both (Hestenes' scheme).
    work = np.swapaxes(b, -1, -2)
    if vectors:
        work = np.concatenate([work, identity(tuple(batch), n, b.dtype)], axis=-1)
    work = np.array(work, copy=True)
    norms2 = np.add.reduce(squared_magnitude(work[..., :m]), axis=-1)
    # A cancelled column, left alone, would be rotated on forever, shrinking by about eps
    # each sweep, its direction meaningless: it is set to zero instead.
    noise = (max(m, 1) * EPS) ** 2
    conj = np.conj if np.iscomplexobj(work) else np.positive
    with np.errstate(all="ignore"):
        for _ in range(MAX_SWEEPS):
            before = norms2
            rotated = False
            for p, q in tournament(n):
                alpha, beta = norms2[..., p], norms2[..., q]
                g = np.add.reduce(conj(work[..., p, :m]) * work[..., q, :m], axis=-1)
                active = np.abs(g) > EPS * np.sqrt(alpha * beta)
                if not active.any():
                    continue
                rotated = True
                rotation = jacobi_rotation(alpha, beta, g, active)
                c, j_pq, j_qp, shift = (r[..., None] for r in rotation)
                x, y = work[..., p, :], work[..., q, :]
                new_p = c * x
                new_p += j_qp * y
                new_q = j_pq * x
                new_q += c * y
                work[..., p, :], work[..., q, :] = new_p, new_q
                # The rotated Gram matrix is diag(alpha - t|g|, beta + t|g|) (GVL §8.5.2).
                norms2[..., p], norms2[..., q] = alpha - shift[..., 0], beta + shift[..., 0]
            # Once a sweep, the norms are recomputed (the updates above drift) and the
            # cancelled columns are zeroed.
            norms2 = np.add.reduce(squared_magnitude(work[..., :m]), axis=-1)
            cancelled = norms2 <= noise * before
            work[..., :m] = np.where(cancelled[..., None], 0, work[..., :m])
            norms2 = np.where(cancelled, 0, norms2)
            if not rotated:
                break
    return work[..., :m], (work[..., m:] if vectors else None)


def squared_magnitude(x: np.ndarray) -> np.ndarray:
    """|x|² element-wise, without a square root."""
    return x.real ** 2 + x.imag ** 2 if np.iscomplexobj(x) else x * x


def jacobi_rotation(alpha: np.ndarray, beta: np.ndarray, g: np.ndarray, active: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The unitary J = [[c, j_pq], [j_qp, c]] with J^H [[alpha, g], [conj g, beta]] J
    diagonal (GVL §8.5.2 for real g; a complex g contributes its phase):
    tau = (beta - alpha) / (2|g|), t = sign(tau) / (|tau| + sqrt(1 + tau²)) (the smaller
    root, so the rotation angle is at most pi/4), c = 1 / sqrt(1 + t²), s = t·c,
    j_pq = s·phase(g), j_qp = -conj(j_pq); and t·|g|, by which the diagonal moves.
    Where not `active`, J = I."""
    size = np.abs(g)
    safe = np.where(active, size, 1.0)
    tau = (beta - alpha) / (2 * safe)
    t = np.where(active, np.where(tau >= 0, 1.0, -1.0) / (np.abs(tau) + np.hypot(1.0, tau)), 0)
    c = 1 / np.sqrt(1 + t * t)
    j_pq = (t * c) * (g / safe)
    return c, j_pq, -np.conj(j_pq), t * size


@cache
def tournament(n: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """The round-robin schedule of a sweep over n indices (GVL §8.5): n - 1 rounds (n
    even; an odd n sits one index out each round), each a set of disjoint pairs (p, q),
    every pair meeting exactly once. Index 0 stays in place; the others move one seat
    round the table between rounds."""
    seats = list(range(n + n % 2))
    half = len(seats) // 2
    rounds = []
    for _ in range(max(len(seats) - 1, 0)):
        facing = zip(seats[:half], seats[half:][::-1], strict=True)
        pairs = [(min(a, b), max(a, b)) for a, b in facing if max(a, b) < n]
        rounds.append((np.array([p for p, _ in pairs], dtype=np.intp),
                       np.array([q for _, q in pairs], dtype=np.intp)))
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return tuple(rounds)


def orthonormal_completion(u: np.ndarray, known: np.ndarray, width: int) -> np.ndarray:
    """`u` (..., m, k) widened to `width` orthonormal columns: the columns marked `known`
    (..., k), which come first, are kept; the others are an orthonormal basis of the
    complement of the known ones (the trailing columns of a complete Householder QR)."""
    *batch, m, k = u.shape
    result = np.zeros((*batch, m, width), dtype=u.dtype)
    result[..., :k] = u
    count = math.prod(batch)
    flat_u, flat_known = u.reshape(count, m, k), known.reshape(count, k)
    flat_result = result.reshape(count, m, width)
    for index in range(len(flat_u)):
        rank = int(np.add.reduce(flat_known[index]))
        if rank < width:
            complete, _ = householder_qr(flat_u[index][:, :rank], complete=True)
            flat_result[index][:, rank:] = complete[:, rank:width]
    return result
