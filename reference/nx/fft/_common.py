"""What the FFT functions share (nx.txt, "FFT"): norm modes, dtypes, axes and lengths,
and the transforms built on the complex DFT of `reference/nx/_cores/fft.py`.

The documentation follows NumPy's FFT module (`fft`) (READINGS
R168), and so does everything here:

- **Norm modes** (documented): `` `Backward `` (the default) scales the inverse transform
  by 1/n, `` `Forward `` the forward one by 1/n, `` `Ortho `` both by 1/√n; n is the
  length of each transformed axis (the product over the axes of an N-D transform).
- **Lengths** (`n`, `s`): before an axis is transformed, its input is truncated to the
  length or padded at the end with zeros. A length given must be at least 1; an empty
  axis transformed as it is, and a real output of 0 points, give empty results (one of
  the two answers READINGS R171 accepts; the other is NumPy's refusal).
- **Axes**: negatives count from the end. An N-D transform applies the 1-D transform
  axis by axis, the last listed axis first (NumPy's order).
- **Real transforms** are the complex transform of a real signal (`rfft`, `ihfft`:
  only the n/2+1 non-negative frequencies are kept, the others being their complex
  conjugates), and the complex transform of the Hermitian-symmetric spectrum rebuilt from
  its non-negative half (`irfft`, `hfft`: X_{n-k} = conj(X_k); the real part of the
  result is kept, which ignores the imaginary parts of X_0 and, for even n, X_{n/2}, as
  NumPy does).
- **Dtypes** (their types, nx.mli:2792-2970): the complex transforms,
  `(Complex.t, 'a) t -> (Complex.t, 'a) t`, take every complex dtype (complex16, complex32,
  complex64) and keep it; the real transforms, `(float, 'a) t -> (Complex.t, complex64_elt)
  t`, take every float dtype and give complex64; their inverses, `(Complex.t, 'a) t ->
  (float, float64_elt) t`, take every complex dtype and give float64. Everything is
  computed in complex128 and rounded once into the result dtype.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference import dtypes
from reference.errors import Failure, check_axis, require
from reference.nx._cores.fft import dft
from reference.tensor import Tensor

# The power of 1/n that scales a transform, by norm mode and direction (inverse?).
_SCALE_EXPONENT = {
    ("Backward", False): 0.0,
    ("Backward", True): 1.0,
    ("Forward", False): 1.0,
    ("Forward", True): 0.0,
    ("Ortho", False): 0.5,
    ("Ortho", True): 0.5,
}


# --- Arguments ---------------------------------------------------------------------


def check_norm(function: str, norm: str) -> str:
    require(
        (norm, False) in _SCALE_EXPONENT,
        function,
        f"norm {norm!r}; expected one of `Backward, `Forward, `Ortho",
    )
    return norm


def check_length(function: str, n: int, low: int = 1) -> int:
    # Note: R171 — the documentation gives no rule, and the cases accept a refusal or the
    # transform of no points. NumPy refuses fewer than one data point, and so does the
    # reference for a length given and for a real input (`low` = 1); an empty axis of a
    # complex input transformed as it is, and a real output of 0 points, give empty results
    # (`low` = 0), as Nx 1.0.0~alpha1 does.
    require(n >= low, function, f"{n} data points; a transformed length must be >= {low}")
    return n


def complex_values(function: str, x: Tensor) -> np.ndarray:
    """The elements of a complex input, in complex128."""
    # The type `(Complex.t, 'a) t -> (Complex.t, 'a) t` (nx.mli:2796) takes every complex
    # dtype, complex16 included; a real input does not type-check (READINGS R169: refused).
    require(
        x.dtype.is_complex,
        function,
        f"{x.dtype.name} input; the transform takes complex16, complex32 or complex64",
    )
    return x.array().astype(np.complex128)


def hermitian_values(function: str, x: Tensor) -> np.ndarray:
    """The elements of the complex input of an inverse real transform, in complex128."""
    # The type `(Complex.t, 'a) t -> (float, float64_elt) t` (nx.mli:2904) takes every
    # complex dtype and gives float64.
    require(
        x.dtype.is_complex,
        function,
        f"{x.dtype.name} input; the inverse real transform takes a complex dtype",
    )
    return x.array().astype(np.complex128)


def real_values(function: str, x: Tensor) -> np.ndarray:
    """The elements of the real input of a real transform, in float64 (the result is
    complex64)."""
    # The type `(float, 'a) t -> (Complex.t, complex64_elt) t` (nx.mli:2881) takes every float
    # dtype (float16, bfloat16, float32, float64, the float8 formats) and gives complex64;
    # integers, bool and complex do not type-check (refused).
    require(
        x.dtype.is_float,
        function,
        f"{x.dtype.name} input; the real transform takes a float dtype",
    )
    return x.array().astype(np.float64)


def plan_axes(
    function: str,
    shape: tuple[int, ...],
    axes: Sequence[int] | None,
    s: Sequence[int] | None,
    *,
    default_axes: Sequence[int] | None = None,
    real: bool = False,
    hermitian: bool = False,
) -> list[tuple[int, int]]:
    """The (axis, length) pairs of an N-D transform, NumPy's rules.

    Without `axes`: `default_axes` if the function has them (fft2: the last two), else
    every axis. Without `s`: each axis keeps its length, except that a `hermitian` input
    (irfftn) gives the last one 2·(m - 1) output points. A `real` transform needs at least
    one axis (its last one is the real one).
    """
    ndim = len(shape)
    if axes is None:
        # Note: R172 — "all axes by default"; the cases accept NumPy's answer or a refusal for a
        # 0-D input and for a lone `s` that does not give one length per axis. The
        # reference refuses both, as Nx 1.0.0~alpha1 does (NumPy returns a 0-D input as it
        # is and applies a lone `s` to the last len(s) axes).
        if default_axes is None and ndim == 0:
            raise Failure(f"{function}: a 0-D input has no axis to transform")
        axes = default_axes if default_axes is not None else range(ndim)
    resolved = [check_axis(function, axis, ndim) for axis in axes]
    # Note: R172 — a repeated axis: the cases accept NumPy's answer (transformed once per
    # mention) or a refusal; the reference refuses, as Nx 1.0.0~alpha1 does.
    if len(set(resolved)) != len(resolved):
        raise Failure(f"{function}: axis specified repeatedly in {list(axes)}")
    require(not real or len(resolved) > 0, function, "no axis to transform; give at least one")
    if s is None:
        lengths = [shape[axis] for axis in resolved]
        if hermitian:
            lengths[-1] = 2 * (shape[resolved[-1]] - 1)
        low = 1 if real else 0
    else:
        require(
            len(s) == len(resolved),
            function,
            f"s = {list(s)} has {len(s)} lengths for {len(resolved)} axes {list(resolved)}",
        )
        lengths = [int(n) for n in s]
        low = 1
    # The real output of an inverse real transform may have 0 points (see check_length).
    lows = [low] * len(lengths)
    if hermitian:
        lows[-1] = 0
    return [
        (axis, check_length(function, n, floor))
        for axis, n, floor in zip(resolved, lengths, lows, strict=True)
    ]


# --- Transforms --------------------------------------------------------------------


def resized(values: np.ndarray, axis: int, n: int) -> np.ndarray:
    """`values` truncated to n along `axis`, or padded there with zeros at the end."""
    size = values.shape[axis]
    if size == n:
        return values
    if size > n:
        return np.take(values, np.arange(n), axis=axis)
    widths = [(0, 0)] * values.ndim
    widths[axis] = (0, n - size)
    return np.pad(values, widths)


def scaled(values: np.ndarray, n: int, norm: str, inverse: bool) -> np.ndarray:
    exponent = _SCALE_EXPONENT[(norm, inverse)]
    return values if exponent == 0.0 else values * float(n) ** -exponent


def transform(values: np.ndarray, axis: int, n: int, norm: str, inverse: bool) -> np.ndarray:
    """The normalised complex transform of length `n` along `axis` (empty for n = 0)."""
    if n == 0:
        return resized(values, axis, 0).astype(np.complex128)
    return scaled(dft(resized(values, axis, n), axis, inverse), n, norm, inverse)


def half_spectrum(values: np.ndarray, axis: int, n: int, norm: str, inverse: bool) -> np.ndarray:
    """The transform of length `n` of real values along `axis`, frequencies 0 .. n/2."""
    return np.take(transform(values, axis, n, norm, inverse), np.arange(n // 2 + 1), axis=axis)


def hermitian_transform(
    values: np.ndarray, axis: int, n: int, norm: str, inverse: bool
) -> np.ndarray:
    """The real transform of length `n` of the Hermitian spectrum whose frequencies
    0 .. n/2 are `values` along `axis` (truncated or zero-padded to n/2 + 1); n = 0
    points give an empty result."""
    if n == 0:
        return resized(values, axis, 0).real
    half = resized(values, axis, n // 2 + 1)
    # X_k for k = n/2+1 .. n-1 is conj(X_{n-k}): n-k runs from n - n/2 - 1 down to 1.
    mirrored = np.conj(np.take(half, np.arange(n - n // 2 - 1, 0, -1), axis=axis))
    full = np.concatenate([half, mirrored], axis=axis)
    return scaled(dft(full, axis, inverse), n, norm, inverse).real


def complex_nd(
    function: str,
    x: Tensor,
    axes,
    s,
    norm: str,
    inverse: bool,
    *,
    default_axes: Sequence[int] | None = None,
) -> Tensor:
    """fft, ifft, fft2, ifft2, fftn, ifftn: the complex transform over several axes."""
    check_norm(function, norm)
    values = complex_values(function, x)
    for axis, n in reversed(plan_axes(function, x.shape, axes, s, default_axes=default_axes)):
        values = transform(values, axis, n, norm, inverse)
    return Tensor.from_values(values, x.dtype)


def real_nd(
    function: str, x: Tensor, axes, s, norm: str, *, default_axes: Sequence[int] | None = None
) -> Tensor:
    """rfft, rfft2, rfftn: the real transform over the last axis, then the complex
    transform over the others (last first)."""
    check_norm(function, norm)
    values = real_values(function, x)
    planned = plan_axes(function, x.shape, axes, s, default_axes=default_axes, real=True)
    last_axis, last_n = planned[-1]
    values = half_spectrum(values, last_axis, last_n, norm, inverse=False)
    for axis, n in reversed(planned[:-1]):
        values = transform(values, axis, n, norm, inverse=False)
    return Tensor.from_values(values, dtypes.COMPLEX64)


def inverse_real_nd(
    function: str, x: Tensor, axes, s, norm: str, *, default_axes: Sequence[int] | None = None
) -> Tensor:
    """irfft, irfft2, irfftn: the inverse complex transform over every axis but the last
    (first first), then the inverse Hermitian transform over the last, real result."""
    check_norm(function, norm)
    values = hermitian_values(function, x)
    planned = plan_axes(
        function, x.shape, axes, s, default_axes=default_axes, real=True, hermitian=True
    )
    for axis, n in planned[:-1]:
        values = transform(values, axis, n, norm, inverse=True)
    last_axis, last_n = planned[-1]
    values = hermitian_transform(values, last_axis, last_n, norm, inverse=True)
    return Tensor.from_values(values, dtypes.FLOAT64)


def one_axis(axis: int, n: int | None) -> tuple[tuple[int], tuple[int] | None]:
    """The `axes` and `s` of a 1-D transform along `axis`, of length `n` if given."""
    return (axis,), None if n is None else (n,)
