"""The discrete Fourier transform of any length, along one axis of an N-D array.

The transform (nx.txt, "FFT"; NumPy's FFT module (`fft`) definition, which the documentation
follows) of n values x_0 .. x_{n-1} is

    X_k = sum_j x_j · exp(s · 2πi · jk / n),    k = 0 .. n-1,

with s = -1 for the forward transform and s = +1 for the inverse one. `dft` computes it
*unnormalised*; the callers apply the documented 1/n or 1/√n of the norm mode.

**Powers of two: iterative radix-2 Cooley–Tukey** (J. W. Cooley and J. W. Tukey, "An
algorithm for the machine calculation of complex Fourier series", Math. Comp. 19, 1965),
decimation in time: the input is put in bit-reversed order, after which every block of
2h consecutive values holds, in its two halves, the length-h DFTs of the even-indexed
and the odd-indexed values of a length-2h subsequence. A *butterfly stage* combines them
into the block's length-2h DFT,

    E_k + w^k O_k  and  E_k - w^k O_k,   w = exp(s · 2πi / 2h),  k = 0 .. h-1,

for h = 1, 2, 4, ..., n/2 (log2 n stages). Each stage is a few NumPy operations over the
whole array at once: every block, and every line of the other axes, in one go.

**Other lengths: Bluestein's chirp-z algorithm** (L. I. Bluestein, "A linear filtering
approach to the computation of the discrete Fourier transform", IEEE Trans. Audio and
Electroacoustics 18, 1970; as presented by L. R. Rabiner, R. W. Schafer and C. M. Rader,
"The chirp z-transform algorithm", same journal, 17, 1969). With jk = (j² + k² - (k-j)²)/2
and the chirp c_k = exp(s · πi · k²/n),

    X_k = c_k · sum_j (x_j c_j) · conj(c_{k-j}),

a convolution of a_j = x_j c_j with b_l = conj(c_l) (l = -(n-1) .. n-1). It is computed
as a cyclic convolution of length m = the power of two ≥ 2n - 1, with two radix-2
transforms above (forward of a, inverse of the product; the transform of b is computed
once per length). k² is reduced modulo 2n in integers before it becomes an angle (c_k has
period 2n in k²), so every angle is below 2π and accurate to the last bit of float64.

**Plans.** The bit-reversal permutation, the twiddle factors w^k of every stage and the
Bluestein chirp and kernel are computed once per (length, direction) and cached. The
factors are cos/sin of exactly computed angles (2πk/n, relative error ε), not products of
powers, so that rounding errors do not accumulate across stages: the error of the
transform grows like ε·log2 n relative to the norm of the result.

Everything is computed in complex128.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np


@dataclass(frozen=True)
class _Radix2Plan:
    permutation: np.ndarray
    """Bit-reversed order: position i receives input i reversed in log2 n bits."""
    twiddles: tuple[np.ndarray, ...]
    """Per stage (h = 1, 2, ..., n/2): w^k for k < h, w = exp(s · 2πi / 2h)."""


@dataclass(frozen=True)
class _BluesteinPlan:
    chirp: np.ndarray
    """c_k = exp(s · πi · k²/n), k < n."""
    kernel: np.ndarray
    """The forward radix-2 transform of b (b_l = conj(c_|l|), wrapped to length m)."""


def _bit_reversal(n: int) -> np.ndarray:
    bits = n.bit_length() - 1
    index = np.arange(n)
    reversed_index = np.zeros(n, dtype=np.int64)
    for bit in range(bits):
        reversed_index |= ((index >> bit) & 1) << (bits - 1 - bit)
    return reversed_index


@lru_cache(maxsize=64)
def _radix2_plan(n: int, inverse: bool) -> _Radix2Plan:
    sign = 1.0 if inverse else -1.0
    # w_n^k for k < n/2; stage h takes every (n/2h)-th of them: w_n^(k·n/2h) = w_2h^k.
    angles = (2.0 * np.pi / n) * np.arange(n // 2)
    table = np.cos(angles) + 1j * sign * np.sin(angles)
    stages = []
    half = 1
    while half < n:
        stages.append(np.ascontiguousarray(table[:: n // (2 * half)]))
        half *= 2
    return _Radix2Plan(_bit_reversal(n), tuple(stages))


def _radix2(lines: np.ndarray, inverse: bool) -> np.ndarray:
    """The unnormalised DFT of every row of `lines` (rows × n, n a power of two)."""
    rows, n = lines.shape
    plan = _radix2_plan(n, inverse)
    values = lines[:, plan.permutation]  # a fresh C-contiguous copy, in bit-reversed order
    for twiddle in plan.twiddles:
        half = twiddle.shape[0]
        blocks = values.reshape(rows, n // (2 * half), 2, half)
        even, odd = blocks[:, :, 0, :], blocks[:, :, 1, :]
        product = odd * twiddle
        np.subtract(even, product, out=odd)
        np.add(even, product, out=even)
    return values


def _is_power_of_two(n: int) -> bool:
    return n & (n - 1) == 0


@lru_cache(maxsize=64)
def _bluestein_plan(n: int, inverse: bool) -> _BluesteinPlan:
    sign = 1.0 if inverse else -1.0
    m = 1 << (2 * n - 2).bit_length()  # the power of two >= 2n - 1
    k = np.arange(n, dtype=np.int64)
    angles = (np.pi / n) * ((k * k) % (2 * n))
    chirp = np.cos(angles) + 1j * sign * np.sin(angles)
    b = np.zeros(m, dtype=np.complex128)
    b[:n] = np.conj(chirp)
    b[m - n + 1 :] = np.conj(chirp[1:])[::-1]  # b_{-l} = b_l, at position m - l
    return _BluesteinPlan(chirp, _radix2(b[np.newaxis, :], inverse=False)[0])


def _bluestein(lines: np.ndarray, inverse: bool) -> np.ndarray:
    """The unnormalised DFT of every row of `lines` (rows × n, any n ≥ 1)."""
    rows, n = lines.shape
    plan = _bluestein_plan(n, inverse)
    m = plan.kernel.shape[0]
    padded = np.zeros((rows, m), dtype=np.complex128)
    padded[:, :n] = lines * plan.chirp
    spectrum = _radix2(padded, inverse=False)
    spectrum *= plan.kernel
    convolution = _radix2(spectrum, inverse=True)[:, :n]
    return convolution * (plan.chirp / m)


def dft(values: np.ndarray, axis: int, inverse: bool = False) -> np.ndarray:
    """The unnormalised DFT (forward, or `inverse`) of `values` along `axis`, in complex128.

    The length of the axis must be at least 1 (the callers refuse empty transforms).
    """
    moved = np.moveaxis(np.asarray(values, dtype=np.complex128), axis, -1)
    n = moved.shape[-1]
    lines = moved.reshape(-1, n)
    transform = _radix2 if _is_power_of_two(n) else _bluestein
    result = transform(lines, inverse).reshape(moved.shape)
    return np.moveaxis(result, -1, axis)
