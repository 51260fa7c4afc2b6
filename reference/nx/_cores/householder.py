"""Householder reflections: the building block of QR, Hessenberg reduction and Francis QR.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., §5.1.2-§5.1.4 (computing
and applying a Householder matrix; LAPACK `larfg` for the complex case).

For a vector x, the reflection H = I - tau v v^H with v = x - alpha e1 and
tau = 2 / (v^H v) maps x to alpha e1, and |alpha| = |x|. The choice
alpha = -phase(x1) |x| (the sign of x1 for real vectors, its unit phase for complex ones)
adds two numbers of one phase in x1 - alpha, so v is computed without cancellation
(§5.1.3). tau is computed from the v actually stored, so H is unitary to working
precision whatever the rounding of v. H is applied from the left as
H M = M - tau v (v^H M) and from the right as M H = M - tau (M v) v^H: one vector-matrix
product and one rank-1 update, never the matrix H itself.

Everything is vectorised over leading (batch) axes: `x` is (..., k) and `m` is
(..., k, n) or (..., n, k).
"""

from __future__ import annotations

import numpy as np


def norm2(x: np.ndarray) -> np.ndarray:
    """The Euclidean norm of the last axis. The entries are scaled by the largest
    magnitude first, so that squaring neither overflows nor underflows; the squares are
    summed pairwise (NumPy's `add.reduce`), with an error of about log2(k)·eps."""
    size = np.abs(x)
    scale = np.maximum.reduce(size, axis=-1, initial=0.0)
    usable = (scale > 0) & (scale < np.inf)
    with np.errstate(invalid="ignore"):
        scaled = size / np.where(usable, scale, 1.0)[..., None]
    # An infinite entry makes the norm infinite (NaN is kept: the max propagates it).
    return np.where(usable, scale * np.sqrt(np.add.reduce(scaled * scaled, axis=-1)), scale)


def reflector(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`(v, tau, alpha)` with (I - tau v v^H) x = alpha e1 for every vector x of (..., k).

    v is scaled to a largest magnitude of 1. A zero vector needs no reflection: tau = 0
    (H = I) and alpha = 0.
    """
    first = x[..., 0]
    first_size = np.abs(first)
    phase = np.where(first_size > 0, first, 1) / np.where(first_size > 0, first_size, 1)
    alpha = -phase * norm2(x)
    v = np.array(x, copy=True)
    v[..., 0] = first - alpha
    largest = np.maximum.reduce(np.abs(v), axis=-1, initial=0.0)
    v /= np.where(largest > 0, largest, 1)[..., None]
    squares = np.add.reduce(v.real ** 2 + v.imag ** 2 if np.iscomplexobj(v) else v * v, axis=-1)
    tau = np.where(squares > 0, 2 / np.where(squares > 0, squares, 1), 0)
    return v, tau, alpha


def reflect_rows(v: np.ndarray, tau: np.ndarray, m: np.ndarray) -> None:
    """M <- H M in place, for the rows of M (..., k, n), v (..., k) and tau (...)."""
    w = np.add.reduce(np.conj(v)[..., :, None] * m, axis=-2)
    m -= (tau[..., None] * v)[..., :, None] * w[..., None, :]


def reflect_columns(m: np.ndarray, v: np.ndarray, tau: np.ndarray) -> None:
    """M <- M H in place, for the columns of M (..., n, k), v (..., k) and tau (...)."""
    w = np.add.reduce(m * v[..., None, :], axis=-1)
    m -= w[..., :, None] * (tau[..., None] * np.conj(v))[..., None, :]
