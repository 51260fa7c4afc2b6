"""The matrix product, written out: `(..., m, k) x (..., k, n) -> (..., m, n)`.

Every product of the reference (`matmul`, `dot`, `tensordot`, `einsum`, `multi_dot`,
the decompositions' updates, convolution through im2col) ends here, so that no NumPy
contraction kernel (`matmul`, `dot`, `einsum`, BLAS) is ever called.

Algorithm: the definition C[i, j] = sum_p A[i, p] * B[p, j], evaluated a block of rows
at a time. For a block I of rows of C and a chunk P of the k indices, one broadcast
multiplication forms every product A[I, p] * B[p, :] at once (a temporary of shape
(..., |I|, |P|, n)), and `np.add.reduce` over the p axis adds them into C[I, :]. The
blocks are sized so that the temporary holds about `BLOCK_ELEMENTS` numbers, which keeps
it in the processor's cache. Batch dimensions (everything before the last two axes)
broadcast as in NumPy's `@`: they ride along in the same broadcast multiplication.

Cost: m * n * k multiplications and as many additions per batch element (2mnk flops),
the same as the schoolbook product; extra memory O(BLOCK_ELEMENTS) besides the result.
Blocks of rows are independent, so when the product is large they are handed to a pool
of threads, one per core (NumPy releases the interpreter lock inside ufunc loops); each
block does the same arithmetic in either case, so the result is the same bit for bit.

Accuracy: the sum over p is accumulated in a fixed order, so each element satisfies the
classic component-wise bound |fl(C) - C| <= gamma_k * (|A| |B|), gamma_k = k*eps / (1 -
k*eps) (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd ed., section 3.5).

Inputs are the wide NumPy arrays of the reference (float64, complex128 or int64); the
result has their common NumPy type. Integer products wrap modulo 2^64, which is exact
modulo 2^bits for every narrower width: the caller wraps once into its dtype.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np

BLOCK_ELEMENTS = 1 << 18
"""How many products one broadcast multiplication forms at most (when the shapes allow)."""

PARALLEL_PRODUCTS = 1 << 21
"""Products with at least this many multiplications run their row blocks on threads."""


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The matrix product of the last two axes of `a` and `b`, batch axes broadcast.

    `a` is (..., m, k), `b` is (..., k, n); the caller has checked that both have at
    least two axes, that the k's agree and that the batch shapes broadcast.
    """
    m, k = a.shape[-2:]
    n = b.shape[-1]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    result = np.zeros((*batch, m, n), dtype=np.result_type(a, b))
    if result.size == 0 or k == 0:
        return result
    batch_size = result.size // (m * n)
    # Rows per block, then k indices per chunk, so that batch * rows * chunk * n products
    # fit in one block (at least one row and one k index, whatever the shapes).
    rows = max(1, min(m, BLOCK_ELEMENTS // (batch_size * k * n)))
    chunk = max(1, min(k, BLOCK_ELEMENTS // (batch_size * rows * n)))

    def row_block(start: int) -> None:
        block = slice(start, start + rows)
        with np.errstate(all="ignore"):
            for p in range(0, k, chunk):
                terms = slice(p, p + chunk)
                # The products are never bound to a name: each temporary is freed before
                # the next is made, so the allocator reuses its memory (twice as fast).
                result[..., block, :] += np.add.reduce(
                    a[..., block, terms, np.newaxis] * b[..., np.newaxis, terms, :], axis=-2
                )

    starts = range(0, m, rows)
    if batch_size * m * n * k >= PARALLEL_PRODUCTS and len(starts) > 1:
        # list() waits for every block and re-raises the first exception of any.
        list(_pool().map(row_block, starts))
    else:
        for start in starts:
            row_block(start)
    return result


@cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="matmul")


# A forked worker process inherits the pool object but not its threads: start afresh.
os.register_at_fork(after_in_child=_pool.cache_clear)
