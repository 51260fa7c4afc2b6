"""The reference's FFT core (`reference/nx/_cores/fft.py`) and the FFT section's functions
(nx.txt, "FFT") against `numpy.fft` (pocketfft), which the documentation follows.

Accuracy is stated normwise, as FFT error bounds are: with ε = 2^-52 and L the product of
the transformed lengths,

    ||computed - NumPy||_2  <=  4 · max(log2 L, 1) · ε · ||NumPy||_2

for the complex128 computation (measured worst over every length 1..129 and several up to
2^14: 1.7 · log2(n) · ε against NumPy; 1.35 · log2(n) · ε against an extended-precision
direct DFT, NumPy itself being within 0.36). The functions then round once into the
result dtype, so each part of each element is also allowed half an ulp of that dtype
(u · |expected|, u = 2^-53 / 2^-24 / 2^-11 for float64 / float32 / float16 parts).

Differences from NumPy are tested as such, not absorbed. Documented: `hfft`/`ihfft` have no
norm. Documented by their types (nx.mli:2792-2970): the complex transforms take every
complex dtype and keep it (NumPy takes anything and returns complex128); the real
transforms take every float dtype and give complex64, their inverses take every complex
dtype and give float64. Where the cases accept either of two answers (READINGS R171,
R172), the reference gives Nx 1.0.0~alpha1's, tested here: an empty axis or a real output
of 0 points gives an empty result; a lone `s` gives one length per axis; a repeated axis
and a 0-d input fail.
`fftfreq`/`rfftfreq` compute k / (d·n) (NumPy: k · (1/(d·n)), which can differ in the last
bit).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes
from reference.errors import Failure, InvalidArgument
from reference.nx._cores.fft import dft
from reference.tensor import Tensor
from tests.strided_tensors import LAYOUTS, SETTINGS, exact, laid_out, nx, same_values

EPS = 2.0**-52
BOUND = 4.0  # in units of max(log2 L, 1) · ε, normwise; measured worst 1.7
NORMS = {"Backward": "backward", "Forward": "forward", "Ortho": "ortho"}
COMPLEX = (dtypes.COMPLEX16, dtypes.COMPLEX32, dtypes.COMPLEX64)
REAL = (dtypes.FLOAT16, dtypes.BFLOAT16, dtypes.FLOAT32, dtypes.FLOAT64)


def log2_units(lengths) -> float:
    return max(math.log2(math.prod(lengths)), 1.0) if lengths else 1.0


def normwise_error(got: np.ndarray, expected: np.ndarray) -> float:
    """||got - expected||_2 / ||expected||_2 (0 when both are 0)."""
    scale = np.linalg.norm(expected)
    difference = np.linalg.norm(got - expected)
    return 0.0 if difference == 0 else difference / scale


def assert_rounded_transform(got: Tensor, expected: np.ndarray, lengths) -> None:
    """`got` is `expected` (NumPy's complex128 / float64 result) computed within BOUND and
    rounded once into got's dtype: each part within u·|part| + 2·(the normwise budget)."""
    part = dtypes.part_dtype(got.dtype) if got.dtype.is_complex else got.dtype
    unit = 2.0 ** -(ml_dtypes.finfo(part.storage).nmant + 1)
    tiny = float(ml_dtypes.finfo(part.storage).smallest_subnormal)
    budget = BOUND * log2_units(lengths) * EPS * np.linalg.norm(expected)
    values = exact(got)
    assert values.shape == expected.shape
    for get in (np.real, np.imag):
        error = np.abs(get(values) - get(expected))
        allowed = unit * np.abs(get(expected)) + 2 * budget + tiny
        assert np.all(error <= allowed), (
            f"max excess {np.max(error - allowed):.3g} over the rounding + "
            f"{BOUND}·log2(L)·ε bound ({got.dtype.name})"
        )


def random_values(seed: int, shape, complex_values: bool) -> np.ndarray:
    rng = np.random.default_rng(seed)
    values = rng.uniform(-10, 10, shape)
    return values + 1j * rng.uniform(-10, 10, shape) if complex_values else values


# --- The core --------------------------------------------------------------------------

PRIMES = (2, 3, 5, 7, 11, 13, 17, 31, 61, 97, 127)
LENGTHS = sorted({1, *PRIMES, *(2**k for k in range(11)), 6, 12, 15, 100, 360, 1000})


@pytest.mark.parametrize("inverse", [False, True])
@pytest.mark.parametrize("n", LENGTHS)
def test_the_core_dft_of_every_kind_of_length(n, inverse):
    """Powers of two (radix-2), primes and composites (Bluestein) and 1: every row of a
    batch is NumPy's transform (inverse: n · ifft) within 4·log2(n)·ε normwise."""
    x = random_values(n, (3, n), complex_values=True)
    expected = np.fft.ifft(x, axis=1) * n if inverse else np.fft.fft(x, axis=1)
    got = dft(x, axis=1, inverse=inverse)
    for row in range(3):
        error = normwise_error(got[row], expected[row])
        assert error <= BOUND * log2_units([n]) * EPS, f"{error / EPS:.2f} ε"


@pytest.mark.parametrize("n", [2**16, 10007])
def test_the_benchmark_lengths_are_accurate(n):
    """The two lengths of `benchmarks/numeric_cores.py` (radix-2 2^16, Bluestein prime
    10007, whose inner transforms have length 2^15): measured 0.19 and 0.36 · log2(n)·ε."""
    x = random_values(1, n, complex_values=True)
    assert normwise_error(dft(x, 0), np.fft.fft(x)) <= BOUND * math.log2(n) * EPS


@pytest.mark.skipif(np.finfo(np.longdouble).eps > 1e-18, reason="needs extended precision")
@pytest.mark.parametrize("n", [3, 5, 8, 12, 13, 64, 97])
def test_the_core_against_an_extended_precision_dft(n):
    """Against the direct sum in long double (64-bit significand: a rounding unit 2^11
    times smaller than float64's), which separates the reference's own error from
    NumPy's: within 2·log2(n)·ε (measured 1.35)."""
    x = random_values(2 * n, n, complex_values=True)
    pi = np.longdouble("3.14159265358979323846264338327950288")
    j = np.arange(n)
    angles = 2 * pi * (np.multiply.outer(j, j) % n).astype(np.longdouble) / n
    exact_dft = (x.astype(np.clongdouble) * (np.cos(angles) - 1j * np.sin(angles))).sum(axis=1)
    error = normwise_error(dft(x, 0), exact_dft.astype(np.complex128))
    assert error <= 2 * log2_units([n]) * EPS


@SETTINGS
@given(data=st.data())
def test_the_core_runs_along_any_axis(data):
    """`dft` along any axis of an N-D array is the 1-D transform of every line of that
    axis (normwise over the whole array, the sum of the lines' bounds)."""
    shape = data.draw(hnp.array_shapes(min_dims=1, max_dims=4, min_side=1, max_side=9))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = random_values(data.draw(st.integers(0, 2**32 - 1)), shape, complex_values=True)
    got = dft(x, axis)
    error = normwise_error(got, np.fft.fft(x, axis=axis))
    assert error <= BOUND * log2_units([shape[axis]]) * EPS


# --- The transforms ------------------------------------------------------------------


def numpy_axes(shape, axes, s, default):
    """The axes NumPy is given explicitly (NumPy 2 deprecates s without axes)."""
    if axes is not None:
        return axes
    if default is not None:
        return default
    return tuple(range(len(shape)))


def draw_nd_arguments(data, shape, two: bool, real: bool):
    """(axes, s) for an N-D transform: axes None (default) or a drawn list of distinct
    axes (a repeated axis fails), s None or lengths 1..10 (padding and truncation)."""
    ndim = len(shape)
    distinct = st.lists(st.integers(0, ndim - 1), unique=True).map(
        lambda axes: [a - ndim if a % 2 else a for a in axes]
    )
    if two:
        axes = data.draw(st.none() | distinct.filter(lambda a: len(a) == 2))
        count = 2
    else:
        axes = data.draw(st.none() | distinct.filter(lambda a: len(a) >= (1 if real else 0)))
        # Without axes, s gives one length per axis.
        count = len(axes) if axes is not None else ndim
    s = data.draw(st.none() | st.lists(st.integers(1, 10), min_size=count, max_size=count))
    return (None if axes is None else tuple(axes)), (None if s is None else tuple(s))


def transformed_lengths(shape, axes, s):
    return list(s) if s is not None else [shape[a] for a in axes]


@dataclass(frozen=True)
class Transform:
    """What a transform takes and returns."""

    inputs: tuple[dtypes.DType, ...]
    result: dict[dtypes.DType, dtypes.DType]
    hermitian: bool
    """The input is a half spectrum: the default output length is 2·(m - 1)."""


SAME = {d: d for d in COMPLEX}
COMPLEX_TO_COMPLEX = Transform(COMPLEX, SAME, hermitian=False)
REAL_TO_HALF = Transform(REAL, dict.fromkeys(REAL, dtypes.COMPLEX64), hermitian=False)
HALF_TO_REAL = Transform(COMPLEX, dict.fromkeys(COMPLEX, dtypes.FLOAT64), hermitian=True)
TRANSFORMS = {
    "fft": COMPLEX_TO_COMPLEX,
    "ifft": COMPLEX_TO_COMPLEX,
    "fft2": COMPLEX_TO_COMPLEX,
    "ifft2": COMPLEX_TO_COMPLEX,
    "fftn": COMPLEX_TO_COMPLEX,
    "ifftn": COMPLEX_TO_COMPLEX,
    "rfft": REAL_TO_HALF,
    "rfft2": REAL_TO_HALF,
    "rfftn": REAL_TO_HALF,
    "ihfft": REAL_TO_HALF,
    "irfft": HALF_TO_REAL,
    "irfft2": HALF_TO_REAL,
    "irfftn": HALF_TO_REAL,
    "hfft": HALF_TO_REAL,
}
ONE_AXIS = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
LABELLED = ("hfft", "ihfft")  # documented `x ~n ~axis`: n and axis required, no norm


@pytest.mark.parametrize("name", ONE_AXIS)
@SETTINGS
@given(data=st.data())
def test_the_1d_transforms_match_numpy(name, data):
    """Any axis, n padding or truncating (or absent where optional), every norm, every
    accepted dtype in any layout: the result dtype (complex kept; float64 <-> complex64)
    holding NumPy's result rounded once. Half-spectrum inputs (irfft,
    hfft) cover odd and even n and irfft's default n = 2·(m - 1)."""
    spec = TRANSFORMS[name]
    dtype = data.draw(st.sampled_from(spec.inputs))
    shape = data.draw(
        hnp.array_shapes(min_dims=1, max_dims=3, min_side=2 if spec.hermitian else 1, max_side=13)
    )
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    x = random_values(data.draw(st.integers(0, 2**32 - 1)), shape, dtype.is_complex)
    t = laid_out(x, dtype, data.draw(st.sampled_from(LAYOUTS)))
    if name in LABELLED:
        n = data.draw(st.integers(1, 20))
        got = nx(name, t, n=n, axis=axis)
        expected = getattr(np.fft, name)(exact(t), n=n, axis=axis)
    else:
        n = data.draw(st.none() | st.integers(1, 20))
        norm = data.draw(st.sampled_from(list(NORMS)))
        got = nx(name, t, axis=axis, n=n, norm=norm)
        expected = getattr(np.fft, name)(exact(t), n=n, axis=axis, norm=NORMS[norm])
    default = 2 * (shape[axis] - 1) if spec.hermitian else shape[axis]
    assert got.dtype is spec.result[dtype]
    assert_rounded_transform(got, expected, [n or default])


@pytest.mark.parametrize("name", [name for name in TRANSFORMS if name not in ONE_AXIS])
@SETTINGS
@given(data=st.data())
def test_the_nd_transforms_match_numpy(name, data):
    """Default or drawn axes (negative too), s padding and truncating, every norm, every
    accepted dtype, any layout: the result dtype holding NumPy's result rounded once."""
    spec = TRANSFORMS[name]
    two = name.endswith("2")
    dtype = data.draw(st.sampled_from(spec.inputs))
    shape = data.draw(
        hnp.array_shapes(
            min_dims=2 if two else 1, max_dims=3, min_side=2 if spec.hermitian else 1, max_side=7
        )
    )
    axes, s = draw_nd_arguments(data, shape, two, real=spec.result is not SAME)
    norm = data.draw(st.sampled_from(list(NORMS)))
    x = random_values(data.draw(st.integers(0, 2**32 - 1)), shape, dtype.is_complex)
    t = laid_out(x, dtype, data.draw(st.sampled_from(LAYOUTS)))
    if spec.hermitian and s is None:
        # "@raise Invalid_argument ... if [s] not specified" (nx.mli:2932, nx.mli:2952)
        with pytest.raises(InvalidArgument):
            nx(name, t, axes=axes, s=s, norm=norm)
        return
    got = nx(name, t, axes=axes, s=s, norm=norm)
    resolved = numpy_axes(shape, axes, s, (-2, -1) if two else None)
    expected = getattr(np.fft, name)(exact(t), s=s, axes=resolved, norm=NORMS[norm])
    assert got.dtype is spec.result[dtype]
    lengths = transformed_lengths(shape, resolved, s)
    assert_rounded_transform(got, expected, lengths)


@pytest.mark.parametrize("n", [1, 2, 5, 8, 13, 64])
def test_round_trips(n):
    """irfft (rfft x) = x and ifft (fft x) = x within the error bound, every norm."""
    x = random_values(n, (2, n), complex_values=False)
    for norm in NORMS:
        real = Tensor.from_values(x, dtypes.FLOAT64)
        back = nx("irfft", nx("rfft", real, norm=norm), n=n, norm=norm)
        assert normwise_error(exact(back), x) <= 2 * BOUND * log2_units([n]) * EPS
        full = Tensor.from_values(x + 0j, dtypes.COMPLEX64)
        back = nx("ifft", nx("fft", full, norm=norm), norm=norm)
        assert normwise_error(exact(back), x) <= 2 * BOUND * log2_units([n]) * EPS


# --- Frequencies and shifts ------------------------------------------------------------


@SETTINGS
@given(
    n=st.integers(2, 300),
    d=st.floats(1e-3, 1e3) | st.floats(-1e3, -1e-3),
    name=st.sampled_from(["fftfreq", "rfftfreq"]),
)
def test_frequencies_match_numpy(n, d, name):
    """float64 k / (d·n) in fft's (rfft's) order; NumPy's k · (1/(d·n)) rounds twice, so
    the two agree within 2 ulp."""
    got = nx(name, n, d=d)
    expected = getattr(np.fft, name)(n, d=d)
    assert got.dtype is dtypes.FLOAT64 and got.shape == expected.shape
    assert np.all(np.abs(got.values() - expected) <= 4 * EPS * np.abs(expected))


@SETTINGS
@given(data=st.data())
def test_shifts_move_elements_as_numpy(data):
    """fftshift / ifftshift of any dtype, shape (zero sizes too: an empty axis is unchanged,
    READINGS R174), layout and axes (default, negative, repeated) move the stored elements
    exactly as NumPy's."""
    name = data.draw(st.sampled_from(["fftshift", "ifftshift"]))
    dtype = data.draw(st.sampled_from(dtypes.DTYPES))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=6))
    ndim = len(shape)
    axes = data.draw(
        st.none() | st.lists(st.integers(-ndim, ndim - 1), max_size=3) if ndim else st.none()
    )
    values = np.arange(math.prod(shape)).reshape(shape) % 7 - 3
    if dtype.is_bool:
        values = values > 0
    elif dtype.kind is dtypes.Kind.UNSIGNED:
        values = values + 3
    t = laid_out(values, dtype, data.draw(st.sampled_from(LAYOUTS)))
    got = nx(name, t, axes=axes)
    # NumPy's roll fails on a 0-d array; a scalar has no axis, the reference copies it.
    expected = getattr(np.fft, name)(exact(t), axes=axes) if ndim else exact(t)
    assert got.dtype is dtype
    assert same_values(exact(got), expected)


# --- Refusals, including where NumPy accepts -------------------------------------------

C = Tensor.from_values(np.arange(4) + 0j, dtypes.COMPLEX64)
R = Tensor.from_values(np.arange(4.0), dtypes.FLOAT64)
REFUSED = [
    ("fft", (R,), {}, "real input (NumPy returns complex128; no complex result dtype here)"),
    ("fft2", (Tensor.from_values(np.ones((2, 2)), dtypes.INT32),), {}, "integer input"),
    ("rfft", (C,), {}, "complex input (NumPy discards the imaginary part with a warning)"),
    ("ihfft", (C,), {"n": 4, "axis": 0}, "complex input"),
    ("irfft", (R,), {}, "real input"),
    ("hfft", (R,), {"n": 4, "axis": 0}, "real input"),
    ("fft", (C,), {"n": 0}, "n = 0"),
    ("rfft", (Tensor.from_values(np.zeros(0), dtypes.FLOAT64),), {}, "empty real axis"),
    (
        "fftn",
        (Tensor.from_values(np.ones((2, 2)) + 0j, dtypes.COMPLEX64),),
        {"s": (2,)},
        "a lone s of fewer lengths than axes",
    ),
    ("fft", (C,), {"norm": "Sideways"}, "an unknown norm"),
    ("fftn", (C,), {"axes": (0,), "s": (2, 2)}, "s and axes of different lengths"),
    ("rfftn", (R,), {"axes": ()}, "no axis for the real transform"),
    ("fft2", (C,), {}, "the default axes of a vector"),
    ("fftfreq", (0,), {}, "n = 0"),
    ("fftshift", (C,), {"axes": (1,)}, "an axis out of range"),
]


@pytest.mark.parametrize("name, args, kwargs, why", REFUSED, ids=[r[3] for r in REFUSED])
def test_refusals_are_invalid_argument(name, args, kwargs, why):
    with pytest.raises(InvalidArgument):
        nx(name, *args, **kwargs)


@pytest.mark.parametrize(
    "name, x, kwargs",
    [
        ("fftn", Tensor.from_values(np.ones((2, 3)) + 0j, dtypes.COMPLEX64), {"axes": (1, 1)}),
        ("ifftn", Tensor.from_values(np.array(2 + 0j), dtypes.COMPLEX64), {}),
    ],
    ids=["a repeated axis", "a 0-d input"],
)
def test_failures(name, x, kwargs):
    """Failure, where NumPy transforms: both accepted by the cases (READINGS R172); the
    reference gives Nx 1.0.0~alpha1's."""
    with pytest.raises(Failure):
        nx(name, x, **kwargs)


def test_empty_results_and_ieee_frequencies():
    """An empty complex axis and a real output of 0 points give empty results (one of the
    answers READINGS R171 accepts, Nx 1.0.0~alpha1's); d = 0 and rfftfreq 0 evaluate the
    documented k / (d·n) under IEEE 754; fftfreq 1 is [0]."""
    empty = Tensor.from_values(np.zeros((2, 0), complex), dtypes.COMPLEX64)
    for name in ("fft", "ifft", "fftn", "fft2"):
        got = nx(name, empty)
        assert got.shape == (2, 0) and got.dtype is dtypes.COMPLEX64
    half = Tensor.from_values(np.ones(3) + 0j, dtypes.COMPLEX64)
    assert nx("irfft", half, n=0).shape == (0,)
    assert nx("irfft", Tensor.from_values(np.ones(1) + 0j, dtypes.COMPLEX64)).shape == (0,)
    assert nx("hfft", half, n=0, axis=0).shape == (0,)
    assert same_values(
        nx("fftfreq", 4, d=0.0).values(), np.array([np.nan, np.inf, -np.inf, -np.inf])
    )
    assert same_values(nx("rfftfreq", 0).values(), np.array([np.nan]))
    assert same_values(nx("fftfreq", 1).values(), np.array([0.0]))
