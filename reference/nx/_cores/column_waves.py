"""A long sequence of small transformations of adjacent columns, applied in waves.

The QR algorithms (`symmetric_eigen`, `general_eigen`) accumulate thousands of Givens
rotations or 3×3 reflections into their eigenvector matrix Z: operation i replaces the
w_i adjacent columns k_i .. k_i + w_i - 1 of Z by themselves times a small unitary
matrix B_i (Z[:, k:k+w] <- Z[:, k:k+w] B_i). Applied one at a time, each costs a few
NumPy calls on columns of length n, and the calls, not the arithmetic, dominate.

The iteration itself only needs the tridiagonal or Hessenberg matrix, so the operations
are recorded and applied to Z afterwards. Two operations on disjoint columns commute, so
the sequence is split into waves by list scheduling: an operation goes into the wave
after the last one that touched any of its columns. Every dependency is then between
waves, in the original order, and the operations of one wave touch disjoint columns: a
wave is applied as one gather of its columns, one batched small matrix product (written
out with `np.add.reduce`) and one scatter. A QR sweep of n rotations starts two waves
after the previous one, so s sweeps take about n + 2 s waves instead of about n s calls.
The result is the same product of the same matrices, in an order that only exchanges
commuting factors: it differs from one-at-a-time application by rounding alone.
"""

from __future__ import annotations

import numpy as np


def apply_to_columns(z: np.ndarray, starts: list[int], blocks: np.ndarray) -> None:
    """Z[:, k:k+w] <- Z[:, k:k+w] @ B for each start k and block B (w×w) of `blocks`
    (N, w, w), in order, in place."""
    if not starts:
        return
    width = blocks.shape[-1]
    last = [-1] * z.shape[1]
    waves: list[list[int]] = []
    for index, k in enumerate(starts):
        wave = 1 + max(last[k:k + width])
        last[k:k + width] = [wave] * width
        if wave == len(waves):
            waves.append([])
        waves[wave].append(index)
    first = np.array(starts)
    offsets = np.arange(width)
    # Column j of Z is row j of Z^T: gathering rows is cheaper when Z is in Fortran order.
    rows = z.T
    for members in waves:
        chosen = np.array(members)
        columns = first[chosen][:, None] + offsets  # (r, w)
        old = rows[columns]  # (r, w, m): old[r, j] is column k_r + j of Z
        # New column i of the group is sum_j old column j times B[j, i].
        rows[columns] = np.add.reduce(blocks[chosen][:, :, :, None] * old[:, :, None, :], axis=1)
