"""A long sequence of small transformations of adjacent columns, applied in waves.

The QR algorithms (`symmetric_eigen`, `general_eigen`, `svd`) accumulate thousands of
Givens rotations or 3×3 reflections into their vector matrices: operation i replaces the
w adjacent columns k_i .. k_i + w - 1 of Z by themselves times a small unitary matrix
B_i (Z[:, k:k+w] <- Z[:, k:k+w] B_i). Applied one at a time, each costs a few NumPy
calls on columns of length n, and the calls, not the arithmetic, dominate.

The iteration itself only needs the tridiagonal, bidiagonal or Hessenberg matrix, so the
operations are recorded and applied to Z afterwards. Two operations on disjoint columns
commute, so the sequence is split into waves by list scheduling: an operation goes into
the wave after the last one that touched any of its columns. Every dependency is then
between waves, in the original order, and the operations of one wave touch disjoint
columns: a wave is applied as one gather of its columns, one batched small matrix
product (written out with `np.add.reduce`) and one scatter. A QR sweep of n rotations
starts two waves after the previous one, so s sweeps take about n + 2 s waves instead of
about n s calls. The result is the same product of the same matrices, in an order that
only exchanges commuting factors: it differs from one-at-a-time application by rounding
alone.

The schedule itself is computed a run at a time, a run being a stretch of operations on
consecutive starts k, k+1, k+2, ... (one QR sweep). Within a run, operation j overlaps
operation j-1 in all columns but its last, so its wave is
wave_j = 1 + max(wave_{j-1}, last[k_j + w - 1]), `last` being the wave of the latest
earlier operation on each column; with u_j = wave_j - j this is a running maximum,
u_j = max(u_{j-1}, 1 + last[k_j + w - 1] - j), one NumPy accumulation per run. The
operations are then grouped by wave, in their original order within a wave, by counting
(each wave's share of the list and each operation's rank in it) rather than sorting.
"""

from __future__ import annotations

import itertools

import numpy as np


def apply_to_columns(z: np.ndarray, starts, blocks: np.ndarray) -> None:
    """Z[:, k:k+w] <- Z[:, k:k+w] · B for each start k of `starts` and block B (w×w) of
    `blocks` (N, w, w), in order, in place."""
    starts = np.asarray(starts, dtype=np.intp)
    if starts.size == 0:
        return
    width = blocks.shape[-1]
    waves, ranks = schedule(starts, width, z.shape[1])
    # Group the operations by wave: a counting sort, each wave's share of the list
    # starting where the earlier waves' end.
    first = np.concatenate([[0], np.cumsum(np.bincount(waves))])
    order = np.empty_like(waves)
    order[first[waves] + ranks] = np.arange(waves.size)
    columns = starts[order][:, None] + np.arange(width)  # (N, w), grouped by wave
    ordered_blocks = blocks[order][:, :, :, None]
    # Column j of Z is row j of Z^T: gathering rows is cheaper when Z is in Fortran order.
    rows = z.T
    for start, stop in itertools.pairwise(first.tolist()):
        wave = columns[start:stop]
        old = rows[wave]  # (r, w, m): old[r, j] is column k_r + j of Z
        # New column i of each group is sum_j old column j times B[j, i].
        rows[wave] = np.add.reduce(ordered_blocks[start:stop] * old[:, :, None, :], axis=1)


def runs(starts: np.ndarray) -> list[tuple[int, int]]:
    """The stretches [begin, end) of operations whose starts go up by one each time."""
    breaks = np.flatnonzero(np.diff(starts) != 1) + 1
    bounds = [0, *breaks.tolist(), starts.size]
    return list(itertools.pairwise(bounds))


def schedule(starts: np.ndarray, width: int, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """The wave of each operation under list scheduling (module docstring), and its rank:
    how many earlier operations share its wave (the waves of one run being distinct, one
    counting update per run keeps the tally). An operation's wave is at most its index."""
    last = np.full(columns, -1)
    waves = np.empty(starts.size, dtype=np.intp)
    ranks = np.empty(starts.size, dtype=np.intp)
    tally = np.zeros(starts.size, dtype=np.intp)
    for begin, end in runs(starts):
        k, length = int(starts[begin]), end - begin
        steps = np.arange(length)
        # The newest column of each operation (for the first, the most recent of all).
        newest = last[k + width - 1:k + width - 1 + length].copy()
        newest[0] = np.max(last[k:k + width])
        run_waves = np.maximum.accumulate(newest + 1 - steps) + steps
        waves[begin:end] = run_waves
        ranks[begin:end] = tally[run_waves]
        tally[run_waves] += 1
        last[k:k + length] = run_waves
        last[k + length:k + length + width - 1] = run_waves[-1]
    return waves, ranks
