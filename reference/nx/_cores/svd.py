"""Singular value decomposition A = U diag(S) V^H, by Golub–Kahan–Reinsch.

Algorithm: Golub & Van Loan, *Matrix Computations*, 4th ed., §8.6: Householder
bidiagonalisation (Algorithm 5.4.2), then the implicit-shift QR algorithm on the
bidiagonal matrix (Algorithms 8.6.1 and 8.6.2, in the form of LAPACK `dbdsqr`, with the
zero-shift step of Demmel & Kahan, "Accurate singular values of bidiagonal matrices",
SIAM J. Sci. Stat. Comput. 11, 1990). The singular values themselves come from the dqds
algorithm (Fernando & Parlett, "Accurate singular values and differential qd
algorithms", Numer. Math. 67, 1994; Parlett & Marques, "An implementation of the dqds
algorithm (positive case)", Linear Algebra Appl. 309, 2000), which needs no vectors.

For a matrix A (m×n, m >= n; a wide A is handled through A^H):

1. Bidiagonalisation: alternately a reflection from the left that zeroes column k below
   the diagonal and one from the right that zeroes row k right of the superdiagonal, so
   that A = U_1 B V_1^H with B upper bidiagonal (n×n), U_1 (m×n or m×m) and V_1 (n×n)
   accumulated backwards from the reflections (§5.1.6). A diagonal unitary on each side
   makes B real with a non-negative diagonal and superdiagonal (d_{k+1} and e_k take the
   phases of d_k and e_k in turn), so that the rest runs in real arithmetic.
2. Singular values (`dqds`): the differential qd algorithm with shifts on q_k = d_k²,
   e_k² carries the Cholesky-like factors of B^T B - sigma I from one shift to the next
   without a subtraction that could cancel, so each singular value comes out with a
   small relative error in the entries of B. The shift is the smaller eigenvalue of the
   trailing 2×2 block; as Cauchy interlacing makes it an upper bound, the transform may
   fail (a negative pivot), in which case the last pivot gives a safe shift
   (Parlett & Marques §6) or, failing that, the shift is dropped. The bottom eigenvalue
   lambda (or the bottom 2×2 block) has split off when the e² beside it is below
   (100 eps)²·lambda, which moves lambda by a relative 1e4·eps² at most.
3. Singular vectors (`bidiagonal_qr`, only when wanted): while the bottom block of B has
   not split (|e_k| > eps·(|d_k| + |d_{k+1}|), else set to zero), one implicit QR step
   on it: the shift is the smaller singular value of the trailing 2×2 block, a rotation
   from the right starts the bulge and rotations alternately from the left and the right
   chase it down. A diagonal entry below eps·|B| (a zero singular value) is set to zero
   and the step is done without a shift, which moves the zero to the bottom of the block
   in one sweep (Demmel & Kahan). The rotations are recorded and accumulated into U_1 and
   V_1 afterwards, in waves of disjoint rotations (`column_waves`).
4. S is listed in descending order, and the columns of U and V in the order of the
   converged diagonal of step 3, |d_k|, the sign of d_k moved into V. Both steps 2 and 3
   reach the singular values of B to working accuracy; S is the one of step 2 whether or
   not vectors are wanted, so that `svdvals` and `svd` agree.

The matrix is first scaled by a power of two (exact) that brings its largest entry near
1, so that the squares of the qd arrays cannot overflow; the singular values are scaled
back at the end. An entry of B below about 1e-154 of the largest has a square that
underflows to zero, which moves the singular values by far less than eps·|A|. For `full` U, the
bidiagonalisation accumulates the complete m×m U_1, whose last m - n columns the
iteration does not touch.

Backward error: U diag(S) V^H = A + E with |E| <= c·n·eps·|A| in norm, U and V
orthonormal to about n·eps (GVL §8.6.3); each singular value within c·n·eps·|A|_2 of the
exact one (Weyl), and to high relative accuracy in the entries of B.

The bidiagonalisation is vectorised over the batch; the two iterations, scalar by nature,
run in Python floats one matrix at a time.
"""

from __future__ import annotations

import math

import numpy as np

from reference.errors import Failure
from reference.nx._cores.column_waves import apply_to_columns
from reference.nx._cores.householder import reflect_columns, reflect_rows, reflector
from reference.nx._cores.matrices import conj_t, identity, power_of_two_scale, sorted_order

EPS = float(np.finfo(np.float64).eps)
TOLERANCE = (100 * EPS) ** 2
"""An e_k² below this times the eigenvalue lambda of B^T B beside it is negligible: it
moves lambda by about e_k² (LAPACK `dlasq2`'s choice)."""
STEPS_PER_VALUE = 30
"""QR steps or dqds transforms allowed per singular value (two or three suffice)."""


def svd(a: np.ndarray, *, vectors: bool, full: bool = False
        ) -> tuple[np.ndarray | None, np.ndarray, np.ndarray | None]:
    """`(U, S, Vh)` of every matrix of `a` (..., m, n): S (..., k) real descending,
    k = min(m, n); U (..., m, k or m) and Vh (..., k or n, n) when `vectors` (else None).
    A matrix with a NaN or infinite entry gets NaN everywhere."""
    *batch, m, n = a.shape
    tall = m >= n
    b = a if tall else conj_t(a)
    rows, k = b.shape[-2], min(m, n)
    count = math.prod(batch)
    finite = np.isfinite(b).reshape(count, rows * k).all(axis=-1).tolist()
    scale = power_of_two_scale(b)
    with np.errstate(all="ignore"):
        d, e, left, right = bidiagonalise(b * scale[..., None, None], vectors=vectors,
                                          full=full)
        d, e = d.reshape(count, k).tolist(), e.reshape(count, max(k - 1, 0)).tolist()
        sigma = np.array([dqds(d[i], e[i]) if finite[i] else [math.nan] * k
                          for i in range(count)]).reshape(count, k)
        order = sorted_order(sigma, descending=True)
        sigma = np.take_along_axis(sigma, order, axis=-1) / scale.reshape(count, 1)
        sigma = sigma.reshape(*batch, k)
        if not vectors:
            return None, sigma, None
        left, right = left.reshape(count, rows, left.shape[-1]), right.reshape(count, k, k)
        for index in range(count):
            if finite[index]:
                u, v = np.asfortranarray(left[index]), np.asfortranarray(right[index])
                singular_vectors(d[index], e[index], u, v)
                left[index], right[index] = u, v
            else:
                left[index], right[index] = np.nan, np.nan
    left, right = left.reshape(*batch, *left.shape[-2:]), right.reshape(*batch, k, k)
    return (left, sigma, conj_t(right)) if tall else (right, sigma, conj_t(left))


def bidiagonalise(b: np.ndarray, *, vectors: bool, full: bool
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray | None]:
    """`(d, e, U_1, V_1)` with B = U_1 bidiag(d, e) V_1^H for every matrix B (..., m, n),
    m >= n (GVL Algorithm 5.4.2): d (..., n) and e (..., n-1) real non-negative, U_1
    (..., m, n, or m×m when `full`) and V_1 (..., n, n) (None unless `vectors`)."""
    *batch, m, n = b.shape
    work = np.array(b, copy=True)
    lefts, rights = [], []
    for k in range(n):
        vector, tau, alpha = reflector(work[..., k:, k])
        reflect_rows(vector, tau, work[..., k:, k + 1:])
        work[..., k, k] = alpha
        lefts.append((vector, tau))
        if k < n - 2:
            # x H = conj(alpha) e1^T for the row x, H Hermitian: the reflector of conj(x).
            vector, tau, alpha = reflector(np.conj(work[..., k, k + 1:]))
            reflect_columns(work[..., k + 1:, k + 1:], vector, tau)
            work[..., k, k + 1] = np.conj(alpha)
            rights.append((vector, tau))
    d = np.diagonal(work, axis1=-2, axis2=-1)
    e = np.diagonal(work, offset=1, axis1=-2, axis2=-1)
    if not vectors:
        return np.abs(d), np.abs(e), None, None
    # U_1 = H_0 (H_1 (... I)) and V_1 likewise: H_k only touches rows and columns k (k+1
    # for V_1) and beyond of the partial product.
    u = np.array(identity(tuple(batch), m, work.dtype)[..., :m if full else n])
    for k in range(len(lefts) - 1, -1, -1):
        reflect_rows(*lefts[k], u[..., k:, k:])
    v = identity(tuple(batch), n, work.dtype)
    for k in range(len(rights) - 1, -1, -1):
        reflect_rows(*rights[k], v[..., k + 1:, k + 1:])
    # Diagonal unitaries L (left) and R (right) with L^H B R real non-negative:
    # r_0 = 1, l_k = phase(d_k) r_k, r_{k+1} = conj(phase(e_k)) l_k.
    d_phase = phase(d)
    r = np.ones((*batch, n), dtype=work.dtype)
    r[..., 1:] = np.multiply.accumulate(d_phase[..., :-1] * np.conj(phase(e)), axis=-1)
    u[..., :, :n] *= (d_phase * r)[..., None, :]
    v *= r[..., None, :]
    return np.abs(d), np.abs(e), u, v


def phase(x: np.ndarray) -> np.ndarray:
    """x / |x| element-wise, 1 where x is zero."""
    size = np.abs(x)
    return np.where(size > 0, x, 1) / np.where(size > 0, size, 1)


def dqds(d: list[float], e: list[float]) -> list[float]:
    """The singular values (in no particular order) of the real upper bidiagonal matrix
    with diagonal `d` and superdiagonal `e`, by dqds with shifts (module docstring)."""
    n = len(d)
    q, f = [x * x for x in d], [x * x for x in e]
    eigenvalues: list[float] = []
    # Blocks of the matrix that exact zeros of f have split apart, each with the sum of
    # the shifts applied to it so far.
    blocks = [(0, n - 1, 0.0)]
    transforms = 0
    while blocks:
        low, high, shifted = blocks.pop()
        while high >= low:
            if high == low or f[high - 1] <= TOLERANCE * (shifted + q[high]):
                eigenvalues.append(shifted + q[high])
                high -= 1
                continue
            if high == low + 1 or f[high - 2] <= TOLERANCE * (shifted + q[high - 1]):
                # The trailing 2×2 block has split off: its two eigenvalues.
                larger, smaller = trailing_eigenvalues(q, f, high)
                eigenvalues += [shifted + larger, shifted + smaller]
                high -= 2
                continue
            above = f[low:high]
            if 0.0 in above:  # split off the part above the last exact zero
                split = high - 1 - above[::-1].index(0.0)
                blocks.append((low, split, shifted))
                low = split + 1
                continue
            transforms += 1
            if transforms > STEPS_PER_VALUE * n:
                raise Failure("svd: the dqds iteration did not converge")
            shifted += dqds_step(q, f, low, high)
    return [math.sqrt(x) for x in eigenvalues]


def dqds_step(q: list[float], f: list[float], low: int, high: int) -> float:
    """One dqds transform of the block low..high in place; returns its shift. Tried in
    turn: the smaller eigenvalue of the trailing 2×2 block, then (when only the last
    pivot went negative) that shift plus the pivot, a lower bound of the smallest
    eigenvalue (Parlett & Marques §6), then no shift, with which the pivots cannot go
    negative."""
    _, tau = trailing_eigenvalues(q, f, high)
    for _ in range(2):
        outcome = dqds_transform(q, f, low, high, tau)
        if outcome is None:
            return tau
        if outcome == math.inf:
            break
        tau = max((tau + outcome) * (1 - 2 * EPS), 0.0)
    dqds_transform(q, f, low, high, 0.0)
    return 0.0


def trailing_eigenvalues(q: list[float], f: list[float], high: int) -> tuple[float, float]:
    """The eigenvalues of the trailing 2×2 block of B B^T, [[a, b], [b, c]] with
    a = q_{h-1} + f_{h-1}, c = q_h, b² = q_h f_{h-1}, larger first; the smaller from the
    determinant q_{h-1} q_h, without cancellation."""
    a, c = q[high - 1] + f[high - 1], q[high]
    larger = (a + c) / 2 + math.sqrt(((a - c) / 2) ** 2 + q[high] * f[high - 1])
    return larger, (q[high - 1] * q[high] / larger if larger > 0 else 0.0)


def dqds_transform(q: list[float], f: list[float], low: int, high: int, tau: float
                   ) -> float | None:
    """The dqds transform of the block low..high with shift tau, in place, returning
    None; or, when a pivot goes negative (tau too large), the arrays untouched and the
    last pivot if only that one is negative, else +inf."""
    new_q, new_f = [], []
    pivot = q[low] - tau
    for i in range(low, high):
        if pivot < 0:
            return math.inf
        total = pivot + f[i]
        ratio = q[i + 1] / total
        new_q.append(total)
        new_f.append(f[i] * ratio)
        pivot = pivot * ratio - tau
    if pivot < 0:
        return pivot
    new_q.append(pivot)
    q[low:high + 1], f[low:high] = new_q, new_f
    return None


def singular_vectors(d: list[float], e: list[float], u: np.ndarray, v: np.ndarray) -> None:
    """Diagonalise the bidiagonal (d, e) by QR (`bidiagonal_qr`), accumulate its rotations
    into the columns of `u` (m×p, p >= n) and `v` (n×n) in place, and order those columns
    by descending converged |d_k|, the sign of d_k moved into v."""
    n = len(d)
    starts: list[int] = []
    rotations: list[float] = []
    bidiagonal_qr(d, e, starts, rotations)
    if starts:
        c_right, s_right, c_left, s_left = np.array(rotations).reshape(-1, 4).T
        for columns, c, s in ((v, c_right, s_right), (u[:, :n], c_left, s_left)):
            blocks = np.stack([np.stack([c, -s], axis=-1), np.stack([s, c], axis=-1)], axis=-2)
            apply_to_columns(columns, starts, blocks)
    converged = np.array(d)
    order = sorted_order(np.abs(converged)[None, :], descending=True)[0]
    u[:, :n] = u[:, order]
    v[...] = v[:, order] * np.where(converged[order] < 0, -1.0, 1.0)


def bidiagonal_qr(d: list[float], e: list[float], starts: list[int],
                  rotations: list[float]) -> None:
    """Reduce the real upper bidiagonal (d, e) in place to diagonal form (GVL Algorithm
    8.6.2). Each step k of a sweep applies a rotation to columns k, k+1 of V and one to
    columns k, k+1 of U, each [[c, -s], [s, c]]: k is appended to `starts` and
    (c_V, s_V, c_U, s_U) to `rotations`."""
    n = len(d)
    tiny = EPS * max(map(abs, d + e), default=0.0)
    high = n - 1
    steps = 0
    while high > 0:
        # The bottom unreduced block low..high, and whether it has a zero diagonal entry.
        low = high
        zero = abs(d[high]) <= tiny
        while low > 0:
            if abs(e[low - 1]) <= EPS * (abs(d[low - 1]) + abs(d[low])):
                e[low - 1] = 0.0
                break
            low -= 1
            zero = zero or abs(d[low]) <= tiny
        if low == high:
            high -= 1
            continue
        steps += 1
        if steps > STEPS_PER_VALUE * n:
            raise Failure("svd: the QR iteration did not converge")
        if zero:
            for k in range(low, high + 1):
                if abs(d[k]) <= tiny:
                    d[k] = 0.0
            zero_shift_step(d, e, rotations, low, high)
        else:
            shifted_step(d, e, rotations, low, high)
        starts += range(low, high)


def shifted_step(d: list[float], e: list[float], rotations: list[float],
                 low: int, high: int) -> None:
    """One Golub–Kahan step (GVL Algorithm 8.6.1, as LAPACK `dbdsqr` chases from the top)
    on the block low..high, shifted by the smaller singular value of its trailing 2×2.

    Rotation (c, s) from (f, g): c = f/r, s = g/r, r = hypot(f, g), so that
    [[c, s], [-s, c]] (f, g)^T = (r, 0). Written out in Python floats: this loop is most
    of the time of an SVD."""
    x, y, z = abs(d[high - 1]), abs(e[high - 1]), abs(d[high])
    shift = x * z / ((math.hypot(x + z, y) + math.hypot(x - z, y)) / 2)
    # The first column of B^T B - shift² I, divided by d_low: (d_low² - shift²)/d_low, e_low.
    f = (abs(d[low]) - shift) * (math.copysign(1.0, d[low]) + shift / d[low])
    g = e[low]
    for k in range(low, high):
        c_right, s_right, r = rotation(f, g)  # columns k, k+1 of B
        if k > low:
            e[k - 1] = r
        dk, ek, dk1 = d[k], e[k], d[k + 1]
        f = c_right * dk + s_right * ek
        ek = c_right * ek - s_right * dk
        g = s_right * dk1
        dk1 *= c_right
        c_left, s_left, d[k] = rotation(f, g)  # rows k, k+1 of B
        f = c_left * ek + s_left * dk1
        d[k + 1] = c_left * dk1 - s_left * ek
        e[k] = ek
        if k < high - 1:
            g = s_left * e[k + 1]
            e[k + 1] *= c_left
        rotations += (c_right, s_right, c_left, s_left)
    e[high - 1] = f


def zero_shift_step(d: list[float], e: list[float], rotations: list[float],
                    low: int, high: int) -> None:
    """One implicit zero-shift QR step on the block low..high (Demmel & Kahan §3, LAPACK
    `dbdsqr`): a zero diagonal entry moves to d_high, with e_{high-1} = 0."""
    c_right, c_left, s_left = 1.0, 1.0, 0.0
    for k in range(low, high):
        c_right, s_right, r = rotation(d[k] * c_right, e[k])
        if k > low:
            e[k - 1] = s_left * r
        c_left, s_left, d[k] = rotation(c_left * r, d[k + 1] * s_right)
        rotations += (c_right, s_right, c_left, s_left)
    last = d[high] * c_right
    d[high] = last * c_left
    e[high - 1] = last * s_left


def rotation(f: float, g: float) -> tuple[float, float, float]:
    """(c, s, r) with c = f/r, s = g/r, r = hypot(f, g) (c = 1, s = 0 when both are 0)."""
    r = math.hypot(f, g)
    return (f / r, g / r, r) if r > 0 else (1.0, 0.0, 0.0)
