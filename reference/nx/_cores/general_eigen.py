"""Eigenvalues and right eigenvectors of general square matrices: A V = V diag(w).

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., Chapter 7:

1. Hessenberg reduction A = Q H Q^H (`hessenberg`, Algorithm 7.4.2).
2. The Francis double-shift QR algorithm (Algorithm 7.5.1 for the step, Algorithm 7.5.2
   for the iteration): while the active block H[lo..hi] has not split, one implicit QR
   step with the two shifts of its trailing 2×2 block (the step's first column is that of
   (H - a I)(H - b I), which is real for a real H because a and b are conjugate or both
   real), applied with 3×3 Householder reflections that chase the bulge down the block.
   A subdiagonal entry below eps·(|h_{k-1,k-1}| + |h_kk|) is set to zero (deflation); a
   1×1 or 2×2 block at the bottom is done. After 10 and 20 steps without a deflation an
   "exceptional" shift breaks cycles (the ad-hoc shift of LAPACK `dlahqr`). When
   eigenvectors are wanted, every reflection is applied to the whole matrix, and
   recorded and then accumulated in Z (in waves of disjoint reflections,
   `column_waves`), so the end result is a Schur form A = (Q Z) T (Q Z)^H, T upper
   triangular except for 2×2 blocks. For the eigenvalues alone, neither Q nor Z is
   formed and a reflection touches only the active block (the eigenvalues depend on
   nothing else, and each entry of the block is computed by the same operations, so
   `eigvals` gives `eig`'s eigenvalues bit for bit). Complex matrices run the same steps
   in complex arithmetic.
3. Each 2×2 block is split by a unitary rotation whose first column is a unit eigenvector
   of the block (the conversion of a real Schur form to the complex one), which makes T
   upper triangular with the eigenvalues on its diagonal. The eigenvalues of a 2×2 block
   [[a, b], [c, d]] are m ± sqrt(((a - d)/2)² + b c), m = (a + d)/2; for a real block with
   a negative discriminant they are an exact conjugate pair m ± i·sqrt(-disc).
4. Eigenvectors of T by back substitution (LAPACK `trevc`): for eigenvalue k, y_k = 1,
   y_j = 0 for j > k, and y_j = -(sum_{l>j} t_jl y_l) / (t_jj - w_k) upwards, a divisor
   smaller than eps·|w_k| being replaced by it (repeated eigenvalues). The eigenvectors
   of A are Q Z Y, normalised to unit 2-norm with their largest entry real and positive.

As for the Hermitian case, the matrix is first scaled by a power of two (exact) that
brings its largest entry near 1, and the eigenvalues scaled back at the end.

Backward error: T and Q Z are an exact Schur decomposition of A + E with
|E| <= c·n²·eps·|A| in norm (GVL §7.5); each eigenvector v satisfies
|A v - w v| <= c·n·eps·|A|. Eigenvalues themselves are only as accurate as their
condition allows (GVL §7.2).

The QR iteration runs one matrix of the batch at a time, each reflection computed in
Python arithmetic and applied as one NumPy operation on three rows and one on three
columns; the reduction and the back substitution are vectorised over the batch.
"""

from __future__ import annotations

import cmath
import math

import numpy as np

from reference.errors import Failure
from reference.nx._cores.column_waves import apply_to_columns
from reference.nx._cores.hessenberg import hessenberg
from reference.nx._cores.matmul import matmul
from reference.nx._cores.matrices import power_of_two_scale

EPS = float(np.finfo(np.float64).eps)
TINY = float(np.finfo(np.float64).tiny)
STEPS_PER_EIGENVALUE = 30
"""QR steps allowed per eigenvalue before giving up (about two suffice in practice)."""


def general_eigen(a: np.ndarray, *, vectors: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """`(w, V)` for every matrix of `a` (..., n, n): w (..., n) complex, in the order they
    appear on the diagonal of the Schur form, V (..., n, n) complex with unit columns
    (None unless `vectors`). A matrix with a NaN or infinite entry gets NaN everywhere."""
    *batch, n, _ = a.shape
    count = math.prod(batch)
    scale = power_of_two_scale(a)
    real = not np.iscomplexobj(a)
    with np.errstate(all="ignore"):
        h, q = hessenberg(a * scale[..., None, None], vectors=vectors)
        h = h.reshape(count, n, n)
        finite = np.isfinite(h).reshape(count, n * n).all(axis=-1)
        t = np.empty((count, n, n), dtype=np.complex128)
        z = np.empty((count, n, n), dtype=np.complex128) if vectors else None
        for index in range(count):
            if not finite[index]:
                t[index] = np.nan
                if vectors:
                    z[index] = np.nan
                continue
            schur = np.array(h[index], copy=True)
            starts: list[int] = []
            blocks: list = []
            francis_qr(schur, starts, blocks, full=vectors)
            if not vectors:
                t[index] = split_blocks(schur, None, real=real)[0]
                continue
            schur_vectors = np.asfortranarray(q.reshape(count, n, n)[index])
            apply_to_columns(schur_vectors, starts, np.array(blocks))
            t[index], z[index] = split_blocks(schur, schur_vectors, real=real)
        w = np.diagonal(t, axis1=-2, axis2=-1).reshape(*batch, n) / scale[..., None]
        if not vectors:
            return w, None
        v = normalised(matmul(z, triangular_eigenvectors(t)))
    return w, v.reshape(*batch, n, n)


def francis_qr(h: np.ndarray, starts: list[int], blocks: list, *, full: bool) -> None:
    """Reduce the Hessenberg matrix `h` in place to quasi-triangular Schur form (GVL
    Algorithm 7.5.2). Each reflection P (3×3) of columns k, k+1, k+2 is recorded as k in
    `starts` and P in `blocks`.

    With `full`, every reflection is applied to the whole matrix (the Schur form T);
    without, only to the active block low..high, which is all the eigenvalues need: the
    entries of the block are computed by the same operations either way, so the
    eigenvalues are the same to the last bit."""
    n = h.shape[0]
    # The scale of a subdiagonal entry whose diagonal neighbours are both zero.
    size = float(np.max(np.abs(h), initial=0.0))
    high = n - 1
    steps = since_deflation = 0
    while high > 0:
        low = unreduced_start(h, high, size)
        if low > 0:
            h[low, low - 1] = 0
        if low >= high - 1:  # a 1×1 or 2×2 block has converged
            high = low - 1
            since_deflation = 0
            continue
        steps += 1
        since_deflation += 1
        if steps > STEPS_PER_EIGENVALUE * n:
            raise Failure("eig: the QR iteration did not converge")
        francis_step(h, starts, blocks, low, high, exceptional=since_deflation % 10 == 0,
                     rows=0 if full else low, columns=n if full else high + 1)


def unreduced_start(h: np.ndarray, high: int, size: float) -> int:
    """The first row of the unreduced block that ends at row `high`: one past the last k
    <= high whose h[k, k-1] is below rounding of its diagonal neighbours (or of `size`,
    where they are both zero), else 0."""
    diagonal = np.abs(np.diagonal(h)[:high + 1])
    neighbours = diagonal[:-1] + diagonal[1:]
    neighbours = np.where(neighbours == 0, size, neighbours)
    small = np.flatnonzero(np.abs(np.diagonal(h, -1)[:high]) <= EPS * neighbours)
    return int(small[-1]) + 1 if small.size else 0


def francis_step(h: np.ndarray, starts: list[int], blocks: list, low: int, high: int, *,
                 exceptional: bool, rows: int, columns: int) -> None:
    """One Francis double-shift step on the block low..high (GVL Algorithm 7.5.1), its
    reflections applied to rows `rows`.. and columns ..`columns` of `h` (at least the
    block)."""
    if exceptional:
        # LAPACK dlahqr: shifts from the 2×2 matrix [[x, -0.4375 s], [s, x]],
        # s = |h_{hi,hi-1}| + |h_{hi-1,hi-2}|, x = 0.75 s + h_{hi,hi}.
        s = abs(h[high, high - 1]) + abs(h[high - 1, high - 2])
        x = 0.75 * s + h[high, high]
        trace, det = 2 * x, x * x + 0.4375 * s * s
    else:
        trace = h[high - 1, high - 1] + h[high, high]
        det = h[high - 1, high - 1] * h[high, high] - h[high - 1, high] * h[high, high - 1]
    # The first column of (H - a I)(H - b I) = H² - trace·H + det·I: three entries.
    h00, h01, h10 = h[low, low], h[low, low + 1], h[low + 1, low]
    column = [h00 * h00 + h01 * h10 - trace * h00 + det,
              h10 * (h00 + h[low + 1, low + 1] - trace),
              h10 * h[low + 2, low + 1]]
    # Chase the bulge: the reflection of rows and columns k..k+2 that zeroes the column
    # below h[k, k-1] (for k = low, the first column of the double-shift polynomial).
    for k in range(low, high - 1):
        p = reflection(column)
        reflect_rows(h[k:k + 3, max(low, k - 1):columns], p)
        reflect_columns(h[rows:min(k + 4, high + 1), k:k + 3], p)
        starts.append(k)
        blocks.append(p)
        if k > low:
            h[k + 1:k + 3, k - 1] = 0
        column = h[k + 1:min(k + 4, high + 1), k].tolist()
    # The last reflection has two rows: hi-1 and hi.
    p = reflection(column)
    reflect_rows(h[high - 1:high + 1, high - 2:columns], p)
    reflect_columns(h[rows:high + 1, high - 1:high + 1], p)
    # Recorded as a reflection of columns hi-2 .. hi that leaves column hi-2 alone.
    embedded = np.eye(3, dtype=p.dtype)
    embedded[1:, 1:] = p
    starts.append(high - 2)
    blocks.append(embedded)
    h[high, high - 2] = 0


def reflection(x: list) -> np.ndarray:
    """The matrix I - tau v v^H of `householder.reflector` (which maps x to alpha e1,
    alpha = -phase(x_0) |x|, so that v_0 = x_0 - alpha does not cancel), for a short
    vector x of Python numbers. v is scaled by v_0, as LAPACK `larfg` does, and v and tau
    are computed in Python arithmetic: the bulge chase needs thousands of reflections,
    for which the per-call cost of NumPy on 3-element arrays would dominate."""
    length = math.hypot(*map(abs, x))
    if length == 0:
        return np.eye(len(x))
    first = x[0]
    phase = first / abs(first) if first != 0 else 1.0
    pivot = first + phase * length  # |pivot| = |x_0| + |x| >= every |x_i|
    v = [1.0] + [z / pivot for z in x[1:]]
    conj_v = [z.conjugate() for z in v]
    tau = 2 / sum([abs(z) ** 2 for z in v])
    return np.array([[(i == j) - tau * vi * cj for j, cj in enumerate(conj_v)]
                     for i, vi in enumerate(v)])


def reflect_rows(rows: np.ndarray, p: np.ndarray) -> None:
    """rows <- P rows, in place, for a small P (the product written out)."""
    rows[...] = np.add.reduce(p[:, :, None] * rows[None, :, :], axis=1)


def reflect_columns(columns: np.ndarray, p: np.ndarray) -> None:
    """columns <- columns P, in place, for a small P: as (P^T columns^T)^T on a
    contiguous copy of the transposed columns, cheaper than a product over these
    strided columns."""
    transposed = columns.T.copy()
    columns.T[...] = np.add.reduce(p.T[:, :, None] * transposed[None, :, :], axis=1)


def split_blocks(t: np.ndarray, z: np.ndarray | None, *, real: bool
                 ) -> tuple[np.ndarray, np.ndarray | None]:
    """The complex triangular Schur form: every 2×2 diagonal block of the quasi-triangular
    `t` rotated to upper triangular (and `z` with it), its eigenvalues set on the
    diagonal. Without `z`, only the diagonal is set (the eigenvalues alone)."""
    t = t.astype(np.complex128)
    z = None if z is None else z.astype(np.complex128)
    n = t.shape[0]
    k = 0
    while k < n - 1:
        if t[k + 1, k] == 0:
            k += 1
            continue
        first, second = block_eigenvalues(t[k:k + 2, k:k + 2], real=real)
        if z is not None:
            # A unit eigenvector (x1, x2) of the block for `first`, from the better row of
            # (B - first I) x = 0; the rotation G = [[x1, -conj x2], [x2, conj x1]].
            (a, b), (c, d) = t[k:k + 2, k:k + 2]
            x = np.array([b, first - a]) if abs(b) + abs(first - a) >= abs(c) + abs(first - d) \
                else np.array([first - d, c])
            x = x / math.hypot(abs(x[0]), abs(x[1]))
            g = np.array([[x[0], -np.conj(x[1])], [x[1], np.conj(x[0])]])
            rows = t[k:k + 2, :].copy()
            t[k:k + 2, :] = np.conj(g[0])[:, None] * rows[0] + np.conj(g[1])[:, None] * rows[1]
            columns = t[:, k:k + 2].copy()
            t[:, k:k + 2] = columns[:, :1] * g[0] + columns[:, 1:] * g[1]
            columns = z[:, k:k + 2].copy()
            z[:, k:k + 2] = columns[:, :1] * g[0] + columns[:, 1:] * g[1]
        t[k, k], t[k + 1, k + 1], t[k + 1, k] = first, second, 0
        k += 2
    return t, z


def block_eigenvalues(block: np.ndarray, *, real: bool) -> tuple[complex, complex]:
    """The two eigenvalues of a 2×2 block: m ± sqrt(disc), disc = ((a - d)/2)² + b c."""
    (a, b), (c, d) = block
    m = (a + d) / 2
    disc = ((a - d) / 2) ** 2 + b * c
    if real:
        a, b, c, d, m, disc = (complex(x).real for x in (a, b, c, d, m, disc))
        if disc < 0:
            root = math.sqrt(-disc)
            return complex(m, root), complex(m, -root)
    root = cmath.sqrt(disc)
    # The root of larger magnitude first, the other from the product (no cancellation).
    big = m + root if abs(m + root) >= abs(m - root) else m - root
    product = a * d - b * c
    small = product / big if big != 0 else 0j
    return complex(big), complex(small)


def triangular_eigenvectors(t: np.ndarray) -> np.ndarray:
    """Y (..., n, n) with T Y = Y diag(T) for upper triangular T: column k is the
    eigenvector for t_kk, by back substitution (vectorised over k and the batch)."""
    n = t.shape[-1]
    w = np.diagonal(t, axis1=-2, axis2=-1)
    y = np.zeros(t.shape, dtype=np.complex128)
    y[..., np.arange(n), np.arange(n)] = 1
    floor = np.maximum(EPS * np.abs(w), TINY)
    columns = np.arange(n)
    with np.errstate(all="ignore"):
        for j in range(n - 2, -1, -1):
            later = columns > j
            total = np.add.reduce(t[..., j, j + 1:, None] * y[..., j + 1:, :], axis=-2)
            divisor = t[..., j, j, None] - w
            small = np.abs(divisor) < floor
            divisor = np.where(small, floor, divisor)
            y[..., j, :] = np.where(later, -total / divisor, y[..., j, :])
            # Keep the columns far from overflow (a defective T makes them grow).
            size = np.max(np.abs(y), axis=-2)
            y /= np.where(size > 1e100, size, 1)[..., None, :]
    return y


def normalised(v: np.ndarray) -> np.ndarray:
    """Columns scaled to unit 2-norm, with their largest-magnitude entry real positive."""
    if v.shape[-2] == 0:
        return v
    magnitude = np.abs(v)
    largest = np.take_along_axis(v, np.argmax(magnitude, axis=-2)[..., None, :], axis=-2)
    with np.errstate(all="ignore"):
        phase = np.where(largest != 0, largest / np.abs(largest), 1)
        norm = np.sqrt(np.add.reduce(magnitude ** 2, axis=-2, keepdims=True))
        return v / (phase * np.where(norm > 0, norm, 1))
