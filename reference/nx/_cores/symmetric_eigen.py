"""Eigenvalues and eigenvectors of Hermitian (real symmetric) matrices: A = V diag(w) V^H.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., §8.3: Householder
tridiagonalisation (Algorithm 8.3.1, here the Hessenberg reduction of `hessenberg`, which
gives a tridiagonal matrix for a Hermitian one), then the symmetric QR algorithm on the
tridiagonal matrix (Algorithm 8.3.3) with the implicit Wilkinson-shift step
(Algorithm 8.3.2).

1. A = Q T Q^H with T Hermitian tridiagonal: a real diagonal d and a subdiagonal e.
2. A diagonal unitary D makes the subdiagonal real and non-negative:
   D^H T D has subdiagonal |e_k| (d_{k+1} = d_k · e_k / |e_k|).
3. The symmetric QR algorithm on the real tridiagonal matrix: while a subdiagonal entry
   is not negligible (|e_k| > eps·(|d_k| + |d_{k+1}|), then set to zero), take the
   largest unreduced block at the bottom and apply one implicit QR step to it: the
   Wilkinson shift mu (the eigenvalue of the trailing 2×2 block nearer its last entry),
   a Givens rotation that zeroes the second entry of the first column of T - mu I, and
   rotations that chase the bulge it makes down the block. Each rotation is also applied
   to the columns of Z, which accumulates the eigenvectors of the tridiagonal matrix
   (recorded during the iteration and applied in waves of disjoint rotations,
   `column_waves`).
4. w = the diagonal, V = Q D Z, then both listed with w ascending.

The matrix is first multiplied by a power of two that brings its largest entry near 1
(exact; `matrices.power_of_two_scale`), and w divided by it at the end, so that no
intermediate square or product overflows or underflows where the result would not.

The tridiagonal iteration is scalar by nature (each rotation depends on the previous
one): it runs in Python floats, one matrix of the batch at a time; the reduction and the
accumulation of Z are NumPy vector operations. Backward error: the computed w and V are
exact for A + E with |E| <= c·n·eps·|A| in norm, and V is orthonormal to about n·eps
(GVL §8.3).
"""

from __future__ import annotations

import math

import numpy as np

from reference.errors import Failure
from reference.nx._cores.column_waves import apply_to_columns
from reference.nx._cores.hessenberg import hessenberg
from reference.nx._cores.matmul import matmul
from reference.nx._cores.matrices import power_of_two_scale, sorted_order

EPS = float(np.finfo(np.float64).eps)
STEPS_PER_EIGENVALUE = 30
"""QR steps allowed per eigenvalue before giving up (two or three suffice in practice)."""


def hermitian_eigen(a: np.ndarray, *, vectors: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """`(w, V)` for every Hermitian matrix of `a` (..., n, n) (its full matrix is read):
    w (..., n) real ascending, V (..., n, n) with orthonormal columns (None unless
    `vectors`). A matrix with a NaN or infinite entry gets NaN everywhere."""
    *batch, n, _ = a.shape
    count = math.prod(batch)
    scale = power_of_two_scale(a).reshape(count, 1)
    with np.errstate(all="ignore"):
        t, q = hessenberg(a * scale.reshape(*batch, 1, 1))
        diagonal = np.diagonal(t, axis1=-2, axis2=-1).real.reshape(count, n)
        sub = np.diagonal(t, offset=-1, axis1=-2, axis2=-1).reshape(count, max(n - 1, 0))
        finite = np.isfinite(t).reshape(count, n * n).all(axis=-1)
        eigenvalues = np.empty(diagonal.shape)
        z = np.empty((count, n, n))
        for index in range(count):
            if not finite[index]:
                eigenvalues[index] = z[index] = np.nan
                continue
            d, e = diagonal[index].tolist(), np.abs(sub[index]).tolist()
            rotations: list[tuple[int, float, float]] | None = [] if vectors else None
            tridiagonal_qr(d, e, rotations)
            eigenvalues[index] = d
            if vectors:
                z[index] = accumulated(n, rotations)
        order = sorted_order(eigenvalues)
        w = (np.take_along_axis(eigenvalues, order, axis=-1) / scale).reshape(*batch, n)
        if not vectors:
            return w, None
        # D: the phases that made the subdiagonal real (step 2).
        phases = np.ones((count, n), dtype=sub.dtype)
        size = np.abs(sub)
        phases[..., 1:] = np.multiply.accumulate(np.where(size > 0, sub, 1)
                                                 / np.where(size > 0, size, 1), axis=-1)
        z = np.take_along_axis(z, order[:, None, :], axis=-1)
        v = matmul(q, (phases[..., :, None] * z).reshape(*batch, n, n))
    return w, v


def tridiagonal_qr(d: list[float], e: list[float],
                   rotations: list[tuple[int, float, float]] | None) -> None:
    """Diagonalise the real symmetric tridiagonal matrix (diagonal `d`, subdiagonal `e`)
    in place (GVL Algorithm 8.3.3); `d` ends as the eigenvalues. Each rotation (k, c, s)
    of columns k, k+1 is appended to `rotations` when given."""
    n = len(d)
    high = n - 1
    steps = 0
    while high > 0:
        if negligible(d, e, high - 1):
            e[high - 1] = 0.0
            high -= 1
            continue
        low = high - 1
        while low > 0 and not negligible(d, e, low - 1):
            low -= 1
        if low > 0:
            e[low - 1] = 0.0
        steps += 1
        if steps > STEPS_PER_EIGENVALUE * n:
            raise Failure("symmetric eigensolver: the QR iteration did not converge")
        wilkinson_step(d, e, rotations, low, high)


def negligible(d: list[float], e: list[float], k: int) -> bool:
    """Whether e_k is below rounding of its neighbours (the deflation test of GVL §8.3)."""
    return abs(e[k]) <= EPS * (abs(d[k]) + abs(d[k + 1]))


def wilkinson_step(d: list[float], e: list[float],
                   rotations: list[tuple[int, float, float]] | None, low: int, high: int) -> None:
    """One implicit symmetric QR step with Wilkinson shift on the block low..high
    (GVL Algorithm 8.3.2).

    Rotation k acts on rows and columns k, k+1 as T <- G^T T G with
    G = [[c, s], [-s, c]]; c = x/r, s = -z/r zero the entry z under x.
    """
    delta = (d[high - 1] - d[high]) / 2
    b = e[high - 1]
    mu = d[high] - b * (b / (delta + math.copysign(math.hypot(delta, b), delta)))
    x, z = d[low] - mu, e[low]
    for k in range(low, high):
        r = math.hypot(x, z)
        c, s = (x / r, -z / r) if r > 0 else (1.0, 0.0)
        if k > low:
            e[k - 1] = r
        a1, a2, b1 = d[k], d[k + 1], e[k]
        d[k] = c * c * a1 - 2 * c * s * b1 + s * s * a2
        d[k + 1] = s * s * a1 + 2 * c * s * b1 + c * c * a2
        e[k] = c * s * (a1 - a2) + (c * c - s * s) * b1
        if k + 1 < high:
            # The rotation of columns k, k+1 puts the bulge -s·e_{k+1} at (k+2, k).
            x, z = e[k], -s * e[k + 1]
            e[k + 1] *= c
        if rotations is not None:
            rotations.append((k, c, s))


def accumulated(n: int, rotations: list[tuple[int, float, float]]) -> np.ndarray:
    """Z = G_1 G_2 ... : the product of the rotations (k, c, s), each acting on columns
    k, k+1 as [z_k, z_k+1] <- [z_k, z_k+1] [[c, s], [-s, c]] (`column_waves`)."""
    z = np.asfortranarray(np.eye(n))
    if rotations:
        starts, c, s = (np.array(column) for column in zip(*rotations, strict=True))
        blocks = np.stack([np.stack([c, s], axis=-1), np.stack([-s, c], axis=-1)], axis=-2)
        apply_to_columns(z, starts.tolist(), blocks)
    return z
