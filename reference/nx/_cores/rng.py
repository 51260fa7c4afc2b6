"""The reference's seeded random numbers: SplitMix64, and the draws made from it.

The documentation (nx.txt, "Random Number Generation") asks for values that depend on
the seed alone ("Same seed produces same sequence"), uniform floats in [0, 1), standard
normal floats by the Box–Muller transform, and uniform integers in [low, high). It does
not name a generator; the reference's is written here, so that its draws are the same on
every run and every platform.

**Generator: SplitMix64** (G. L. Steele Jr., D. Lea and C. H. Flood, "Fast splittable
pseudorandom number generators", OOPSLA 2014), in the form of S. Vigna's reference
implementation `splitmix64.c` (prng.di.unimi.it), with D. Stafford's "Mix13" finaliser:

    state_i  = seed + i · γ  (mod 2^64),   γ = 0x9E3779B97F4A7C15,   i = 1, 2, ...
    z        = state_i
    z        = (z ^ (z >> 30)) · 0xBF58476D1CE4E5B9   (mod 2^64)
    z        = (z ^ (z >> 27)) · 0x94D049BB133111EB   (mod 2^64)
    output_i = z ^ (z >> 31)

The i-th output depends on (seed, i) alone, so a draw of any size is computed at once
with NumPy uint64 arithmetic (which wraps modulo 2^64, as the algorithm needs). The seed
is an OCaml int, read modulo 2^64 (two's complement for negative seeds).

**Uniform floats in [0, 1)** for a float dtype with a p-bit significand (53 for float64,
24 float32, 11 float16, 8 bfloat16, 4 float8_e4m3, 3 float8_e5m2): the top p bits of an
output, times 2^-p. Every value k · 2^-p (0 <= k < 2^p) is exactly representable in the
dtype, so nothing is rounded, and in particular 1.0 is never reached (rounding a 53-bit
value into float16 or bfloat16 would give 1.0 about once in 2^12 or 2^9 draws).

**Standard normal floats: the Box–Muller transform** (G. E. P. Box and M. E. Muller, "A
note on the generation of random normal deviates", Ann. Math. Stat. 29, 1958), in the
basic (trigonometric) form the documentation names: for each pair of 53-bit uniforms
u (outputs 2j+1) and v (outputs 2j+2), with r = sqrt(-2 ln(1 - u)) (1 - u is in (0, 1]),
elements 2j and 2j+1 are r · cos(2πv) and r · sin(2πv), computed in float64 and rounded
once into the dtype. Their magnitude is at most sqrt(2 · 53 ln 2) ≈ 8.57.

**Uniform integers in [low, high)**: low + (output mod (high - low)). The modulo leaves a
bias below (high - low) / 2^64 (under 2^-40 for any range below 2^24); nothing is
rejected, so that each element stays a function of (seed, position).
"""

from __future__ import annotations

import os

import ml_dtypes
import numpy as np

from reference.dtypes import DType

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_SEED_MODULUS = 1 << 64


def splitmix64(seed: int, count: int) -> np.ndarray:
    """The first `count` outputs (i = 1 .. count) of SplitMix64 seeded with `seed`, uint64."""
    steps = np.arange(1, count + 1, dtype=np.uint64)
    z = np.uint64(seed % _SEED_MODULUS) + steps * GAMMA
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


def os_seed() -> int:
    """A seed from the operating system's entropy source, for a call without `?seed`."""
    return int.from_bytes(os.urandom(8), "little")


def significand_bits(dtype: DType) -> int:
    """p: the precision of a float dtype, its implicit bit included."""
    return int(ml_dtypes.finfo(dtype.storage).nmant) + 1


def uniform(seed: int, count: int, bits: int = 53) -> np.ndarray:
    """`count` floats k · 2^-bits (k < 2^bits) from the top `bits` bits of the outputs,
    in float64 (exact: bits <= 53)."""
    top = splitmix64(seed, count) >> np.uint64(64 - bits)
    return top.astype(np.float64) * 2.0**-bits


def normal(seed: int, count: int) -> np.ndarray:
    """`count` standard normal floats by Box–Muller, in float64."""
    pairs = (count + 1) // 2
    u = uniform(seed, 2 * pairs).reshape(pairs, 2)
    radius = np.sqrt(-2.0 * np.log(1.0 - u[:, 0]))
    angle = 2.0 * np.pi * u[:, 1]
    both = np.stack([radius * np.cos(angle), radius * np.sin(angle)], axis=1)
    return both.reshape(-1)[:count]


def integers(seed: int, count: int, low: int, high: int) -> np.ndarray:
    """`count` integers in [low, high) (high - low < 2^64), in int64 (the range must fit)."""
    offsets = splitmix64(seed, count) % np.uint64(high - low)
    # low + offset <= high - 1 fits in int64; the sum wraps exactly through uint64.
    return (offsets + np.uint64(low % _SEED_MODULUS)).view(np.int64)
