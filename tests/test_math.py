"""The reference's "Mathematical Functions" and "Activation Functions" against independent
oracles.

- NumPy / SciPy, on random shapes, float / complex / integer dtypes and non-contiguous
  inputs (transposed, every other element, reversed): the reference's result must be the
  oracle's float64 (complex128) value rounded once into the dtype and keep the shape —
  bit for bit for the math functions; for activations whose oracle evaluates another
  (equal) formula, within one ulp of the dtype, where the two float64 values straddle a
  rounding boundary. This checks the plumbing — views read in logical order, one
  rounding, the dtype kept — on top of the value.
- mpmath, for the accuracy of the transcendental functions in float64: the largest error
  in float64 ulps over a fixed sample of each function's domain (the measured maxima are
  in the docstring after `MPMATH` and in each assertion's message).

The documented differences from the oracles are explicit exceptions, never a wider
tolerance: `round` is half away from zero (NumPy's `rint` is half to even; the oracle
is Python's `decimal` ROUND_HALF_UP); `erf` is the Abramowitz-Stegun approximation
(compared with the true erf within its documented 1.5e-7, and with the approximation
itself, evaluated in mpmath, to float64 rounding); `softplus` overflows where exp x overflows the dtype (the
documented example); integer dtypes keep their dtype with exact truncated results where
NumPy would promote to float64.

Where the documentation is silent on special values the oracles are IEEE 754 / C99 Annex F
(NumPy's ufuncs): signed zeros kept (asin -0.0 = -0.0, trunc -0.5 = -0.0, abs -0.0 = +0.0),
NaN propagated through maximum, minimum and the clips (relu, relu6, hard_tanh,
hard_sigmoid), abs of a complex number its modulus. Where the spec accepts either of two
deliberate choices (`any_of`: integer sqrt, rsqrt, log2, exp2, sin as a truncated value or a
refusal, R100 / R102; sign NaN as NaN or 0, R94; complex sign as z / |z| or a refusal, R95;
hypot of an infinity and a NaN as +inf or NaN, R244), the oracle checks the one the
reference implements.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import ml_dtypes
import mpmath as mp
import numpy as np
import pytest
import scipy.special as sc
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import dtypes, registry
from reference.dtypes import DType, to_storage
from reference.errors import DivisionByZero, InvalidArgument
from reference.layout import View
from reference.tensor import Tensor

registry.load_all()

FLOAT_DTYPES = [d for d in dtypes.DTYPES if d.is_float]
COMPLEX_DTYPES = [d for d in dtypes.DTYPES if d.is_complex]
INT_DTYPES = [d for d in dtypes.DTYPES if d.is_integer]
LAYOUTS = ["contiguous", "transposed", "every other", "reversed"]
FAST = settings(max_examples=60, deadline=None, database=None)


def call(name: str, *args, **kwargs):
    return registry.lookup("nx", name).function(*args, **kwargs)


# --- inputs ------------------------------------------------------------------------------


def laid_out(values: np.ndarray, dtype: DType, layout: str) -> Tensor:
    """A tensor holding `values` (logical order), stored with the given layout."""
    stored = to_storage(values, dtype)
    if layout == "contiguous" or stored.ndim == 0 or stored.size == 0:
        return Tensor.from_values(stored, dtype)
    shape = stored.shape
    if layout == "transposed":
        buffer = np.ascontiguousarray(stored.T).reshape(-1)
        strides = tuple(reversed(View.contiguous(tuple(reversed(shape))).strides))
        return Tensor(buffer, dtype, View(shape, strides, 0))
    if layout == "every other":
        holder = np.zeros((*shape[:-1], 2 * shape[-1]), dtype=dtype.storage)
        holder[..., ::2] = stored
        strides = View.contiguous(holder.shape).strides
        return Tensor(holder.reshape(-1), dtype, View(shape, (*strides[:-1], 2), 0))
    # reversed along the first axis: a negative stride and an offset
    buffer = np.ascontiguousarray(stored[::-1]).reshape(-1)
    strides = View.contiguous(shape).strides
    return Tensor(buffer, dtype, View(shape, (-strides[0], *strides[1:]),
                                      (shape[0] - 1) * strides[0]))


shapes = st.lists(st.integers(0, 4), min_size=0, max_size=3).map(tuple)
SPECIALS = [0.0, -0.0, math.inf, -math.inf, math.nan]
reals = st.one_of(st.floats(-20, 20), st.floats(-1e6, 1e6), st.sampled_from(SPECIALS),
                  st.floats(width=32, allow_nan=False))


@st.composite
def float_inputs(draw, dtype_choices=FLOAT_DTYPES, elements=reals):
    dtype = draw(st.sampled_from(dtype_choices))
    shape = draw(shapes)
    size = math.prod(shape)
    values = np.array(draw(st.lists(elements, min_size=size, max_size=size)),
                      dtype=np.float64).reshape(shape)
    exact = to_storage(values, dtype).astype(np.float64)  # what the tensor holds
    return dtype, exact, draw(st.sampled_from(LAYOUTS))


def same_floats(got: np.ndarray, want: np.ndarray) -> bool:
    """Bit-for-bit equal as float64 (NaN equals NaN; the sign of zero counts)."""
    got, want = got.astype(np.float64), want.astype(np.float64)
    both_nan = np.isnan(got) & np.isnan(want)
    equal = (got == want) & (np.signbit(got) == np.signbit(want))
    return got.shape == want.shape and bool(np.all(both_nan | equal))


def rounded_once(values: np.ndarray, dtype: DType) -> np.ndarray:
    with np.errstate(all="ignore"):
        return to_storage(values, dtype).astype(np.float64)


# --- unary functions on floats against NumPy ----------------------------------------------


def round_half_up(x: float) -> float:
    """Nearest integer, ties away from zero, by `decimal` on the exact binary value."""
    if not math.isfinite(x):
        return x
    result = float(Decimal(x).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    return math.copysign(result, x) if result == 0 else result


NUMPY_UNARY = {
    "abs": np.abs, "sign": np.sign, "square": np.square, "sqrt": np.sqrt,
    "rsqrt": lambda x: 1 / np.sqrt(x), "recip": np.reciprocal, "log": np.log, "log2": np.log2,
    "exp": np.exp, "exp2": np.exp2, "sin": np.sin, "cos": np.cos, "tan": np.tan,
    "asin": np.arcsin, "acos": np.arccos, "atan": np.arctan, "sinh": np.sinh, "cosh": np.cosh,
    "tanh": np.tanh, "asinh": np.arcsinh, "acosh": np.arccosh, "atanh": np.arctanh,
    "trunc": np.trunc, "ceil": np.ceil, "floor": np.floor,
    # Documented difference: half away from zero, not NumPy's half to even.
    "round": np.vectorize(round_half_up, otypes=[np.float64]),
}


@FAST
@given(name=st.sampled_from(sorted(NUMPY_UNARY)), drawn=float_inputs())
def test_unary_functions_on_floats_are_numpy_in_float64_rounded_once(name, drawn):
    """Every float dtype and layout: the result is NumPy's float64 value rounded once."""
    check_unary(name, NUMPY_UNARY[name], drawn, lambda got, want, dtype: same_floats(got, want))


def check_unary(name: str, oracle, drawn, close) -> None:
    """`name` on the drawn tensor keeps its dtype and shape, and `close(got, want,
    dtype)` holds for `want` = the oracle's float64 value rounded once into the dtype."""
    dtype, exact, layout = drawn
    got = call(name, laid_out(exact, dtype, layout))
    with np.errstate(all="ignore"):
        want = rounded_once(oracle(exact), dtype)
    assert got.dtype is dtype and got.shape == exact.shape
    assert close(got.values(), want, dtype), (name, dtype, layout, exact, got.values(), want)


def test_round_ties_go_away_from_zero_where_numpy_goes_to_even():
    """The documented exception, on the ties where the two rules disagree."""
    ties = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 4503599627370495.5])
    got = call("round", Tensor.from_values(ties, dtypes.FLOAT64)).values()
    assert got.tolist() == [1.0, 2.0, 3.0, -1.0, -3.0, 4503599627370496.0]
    assert not np.array_equal(got, np.rint(ties))


# --- complex ------------------------------------------------------------------------------

NUMPY_COMPLEX = {
    "abs": lambda z: np.abs(z).astype(np.complex128), "sign": np.sign, "square": np.square,
    "sqrt": np.sqrt, "rsqrt": lambda z: 1 / np.sqrt(z), "recip": lambda z: 1 / z,
    "log2": np.log2, "exp2": np.exp2, "sin": np.sin,
}


@st.composite
def complex_inputs(draw):
    dtype = draw(st.sampled_from(COMPLEX_DTYPES))
    shape = draw(shapes)
    size = math.prod(shape)
    parts = draw(st.lists(st.floats(-50, 50), min_size=2 * size, max_size=2 * size))
    values = (np.array(parts[:size]) + 1j * np.array(parts[size:])).reshape(shape)
    exact = to_storage(values, dtype).astype(np.complex128)
    return dtype, exact, draw(st.sampled_from(LAYOUTS))


@FAST
@given(name=st.sampled_from(sorted(NUMPY_COMPLEX)), drawn=complex_inputs())
def test_polymorphic_functions_on_complex_are_numpy_in_complex128_rounded_once(name, drawn):
    """abs keeps the complex dtype (the signature): the magnitude in the real part."""
    dtype, exact, layout = drawn
    got = call(name, laid_out(exact, dtype, layout))
    with np.errstate(all="ignore"):
        want = to_storage(NUMPY_COMPLEX[name](exact), dtype).astype(np.complex128)
    values = got.values().astype(np.complex128)
    assert got.dtype is dtype and got.shape == exact.shape
    assert same_floats(values.real, want.real) and same_floats(values.imag, want.imag)


# --- integers: exact rules where NumPy would promote --------------------------------------

INTEGER_RULES = {
    # name: (exact rule on Python ints, the inputs it is defined on)
    "abs": (abs, lambda x: True),
    "sign": (lambda x: (x > 0) - (x < 0), lambda x: True),
    "square": (lambda x: x * x, lambda x: True),
    "sqrt": (math.isqrt, lambda x: x >= 0),
    "rsqrt": (lambda x: int(x == 1), lambda x: x >= 1),
    "recip": (lambda x: x if abs(x) == 1 else 0, lambda x: x != 0),
    "log2": (lambda x: x.bit_length() - 1, lambda x: x >= 1),
    "exp2": (lambda x: 0 if x < 0 else 2 ** min(x, 64), lambda x: True),
    "sin": (lambda x: 0, lambda x: True),
    "trunc": (lambda x: x, lambda x: True),
    "ceil": (lambda x: x, lambda x: True),
    "floor": (lambda x: x, lambda x: True),
    "round": (lambda x: x, lambda x: True),
    "relu": (lambda x: max(x, 0), lambda x: True),
}


def wrapped(x: int, dtype: DType) -> int:
    return (x - dtype.low) % (1 << dtype.bits) + dtype.low


@FAST
@given(name=st.sampled_from(sorted(INTEGER_RULES)), dtype=st.sampled_from(INT_DTYPES),
       data=st.data())
def test_integer_dtypes_keep_their_dtype_with_exact_truncated_results(name, dtype, data):
    """The documented no-promotion rule: the exact (truncated) result, wrapped."""
    rule, defined = INTEGER_RULES[name]
    values = data.draw(st.lists(st.integers(dtype.low, dtype.high).filter(defined), max_size=12))
    layout = data.draw(st.sampled_from(LAYOUTS))
    got = call(name, laid_out(np.array(values, dtype=np.int64), dtype, layout))
    assert got.dtype is dtype
    assert [int(v) for v in got.values().astype(object)] == [wrapped(rule(x), dtype) for x in values]


@pytest.mark.parametrize("name", ["recip", "rsqrt"])
def test_integer_reciprocals_of_zero_divide_by_zero(name):
    with pytest.raises(DivisionByZero):
        call(name, Tensor.from_values(np.array([2, 0]), dtypes.INT32))


@pytest.mark.parametrize("name", ["log", "exp", "cos", "tanh", "atan", "sigmoid", "erf", "softmax"])
@pytest.mark.parametrize("dtype", [dtypes.INT32, dtypes.COMPLEX64, dtypes.BOOL], ids=repr)
def test_float_signatures_refuse_other_dtypes(name, dtype):
    with pytest.raises(InvalidArgument, match=dtype.name):
        call(name, Tensor.from_values(np.array([1]), dtype))


# --- binary and ternary functions ---------------------------------------------------------


@st.composite
def broadcast_pair(draw, elements=reals):
    dtype, x, layout = draw(float_inputs(elements=elements))
    # the second operand: the same shape with some dimensions set to 1, or a suffix of it
    shape = tuple(1 if draw(st.booleans()) else d for d in x.shape)[draw(st.integers(0, x.ndim)):]
    size = math.prod(shape)
    y = np.array(draw(st.lists(elements, min_size=size, max_size=size)), dtype=np.float64)
    return dtype, x, rounded_once(y.reshape(shape), dtype), layout


@FAST
@given(name=st.sampled_from(["atan2", "hypot"]), drawn=broadcast_pair())
def test_atan2_and_hypot_are_numpy_with_broadcasting(name, drawn):
    dtype, x, y, layout = drawn
    got = call(name, laid_out(x, dtype, layout), laid_out(y, dtype, "contiguous"))
    oracle = np.arctan2 if name == "atan2" else np.hypot
    want = rounded_once(oracle(x, y), dtype)
    assert got.shape == np.broadcast_shapes(x.shape, y.shape)
    assert same_floats(got.values(), want)


def test_hypot_does_not_overflow_where_the_result_fits():
    """The documented algorithm's point: 1e200 in float64, 3e38 in float32."""
    big = call("hypot", Tensor.from_values(np.array([1e200]), dtypes.FLOAT64),
               Tensor.from_values(np.array([1e200]), dtypes.FLOAT64)).values()
    assert big[0] == float(mp.hypot(mp.mpf(1e200), mp.mpf(1e200)))
    near_max = call("hypot", Tensor.from_values(np.array([3e38]), dtypes.FLOAT32),
                    Tensor.from_values(np.array([1e38]), dtypes.FLOAT32)).values()
    assert np.isfinite(near_max[0])


def exact_lerp(s: float, e: float, w: float) -> float:
    if not all(math.isfinite(v) for v in (s, e, w)):
        return s + w * (e - s)
    return float(Fraction(s) + Fraction(w) * (Fraction(e) - Fraction(s)))


def storage_ulp(values: np.ndarray, dtype: DType) -> np.ndarray:
    """The spacing of the dtype at each value (its smallest subnormal at 0)."""
    info = ml_dtypes.finfo(dtype.storage)
    exponent = np.floor(np.log2(np.maximum(np.abs(values), float(info.smallest_normal))))
    return 2.0 ** (exponent - info.nmant)


@FAST
@given(drawn=broadcast_pair(elements=st.floats(-1e3, 1e3)), weight=st.floats(-2, 2))
def test_lerp_is_the_formula_evaluated_in_float64_and_rounded_once(drawn, weight):
    """start + weight (end_ - start) against the exact rational value. The reference
    evaluates the documented formula in float64 (three roundings, each <= 2^-53 of the
    terms |start| and |weight (end_ - start)|) and rounds once into the dtype (half a
    storage ulp of the result): the bound is exactly that error analysis."""
    dtype, start, end, layout = drawn
    w = float(rounded_once(np.array(weight), dtype))
    got = call("lerp_scalar_weight", laid_out(start, dtype, layout),
               laid_out(end, dtype, "contiguous"), w).values().astype(np.float64)
    s, e = np.broadcast_arrays(start, end)
    exact = np.array([exact_lerp(a, b, w) for a, b in zip(s.flat, e.flat, strict=True)])
    want = rounded_once(exact.reshape(s.shape), dtype)
    finite = np.isfinite(want) & np.isfinite(got)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    assert np.array_equal(got[~finite & ~np.isnan(want)], want[~finite & ~np.isnan(want)])
    with np.errstate(all="ignore"):
        terms = np.abs(s) + np.abs(w * (e - s))
    bound = storage_ulp(got, dtype) / 2 + 3 * 2.0**-53 * terms  # |fl(r) - r| <= ulp(fl(r)) / 2
    assert np.all(np.abs(got - exact.reshape(s.shape))[finite] <= bound[finite])


def test_lerp_on_integers_wraps():
    start = Tensor.from_values(np.array([0, 100]), dtypes.INT8)
    end = Tensor.from_values(np.array([100, -100]), dtypes.INT8)
    weight = Tensor.from_values(np.array([2, 1]), dtypes.INT8)
    assert call("lerp", start, end, weight).values().tolist() == [wrapped(200, dtypes.INT8), -100]


# --- float64 accuracy against mpmath -------------------------------------------------------

mp.mp.prec = 128
SQRT_2_PI = mp.sqrt(2 / mp.pi)
AS_P = mp.mpf("0.3275911")
AS_A = [mp.mpf(a) for a in ("0.254829592", "-0.284496736", "1.421413741", "-1.453152027",
                            "1.061405429")]


def as_erfc(a):
    """1 - erf(a) of Abramowitz & Stegun 7.1.26 for a >= 0, in mpmath."""
    t = 1 / (1 + AS_P * a)
    return sum(c * t ** (i + 1) for i, c in enumerate(AS_A)) * mp.exp(-a * a)


def as_erf(x):
    return mp.sign(x) * (1 - as_erfc(abs(x)))


def as_gelu(x):
    a = abs(x) / mp.sqrt(2)
    return x / 2 * (as_erfc(a) if x < 0 else 2 - as_erfc(a))


MPMATH = {
    # name: (mpmath function, sample interval, max error in float64 ulps)
    "exp": (mp.exp, (-700, 700), 1), "exp2": (lambda x: mp.power(2, x), (-1000, 1000), 1),
    "log": (mp.log, (1e-300, 1e300), 1), "log2": (lambda x: mp.log(x, 2), (1e-300, 1e300), 1),
    "sqrt": (mp.sqrt, (0, 1e300), 0), "rsqrt": (lambda x: 1 / mp.sqrt(x), (1e-300, 1e300), 1),
    "recip": (lambda x: 1 / x, (-1e300, 1e300), 0),
    "sin": (mp.sin, (-1e4, 1e4), 1), "cos": (mp.cos, (-1e4, 1e4), 1),
    "tan": (mp.tan, (-1e4, 1e4), 1), "asin": (mp.asin, (-1, 1), 1),
    "acos": (mp.acos, (-1, 1), 1), "atan": (mp.atan, (-1e3, 1e3), 1),
    "sinh": (mp.sinh, (-700, 700), 1), "cosh": (mp.cosh, (-700, 700), 1),
    "tanh": (mp.tanh, (-30, 30), 1), "asinh": (mp.asinh, (-1e300, 1e300), 1),
    "acosh": (mp.acosh, (1, 1e300), 1), "atanh": (mp.atanh, (-1, 1), 1),
    "sigmoid": (lambda x: 1 / (1 + mp.exp(-x)), (-740, 740), 2),
    "log_sigmoid": (lambda x: -mp.log1p(mp.exp(-x)), (-700, 700), 2),
    "softplus": (lambda x: mp.log1p(mp.exp(x)), (-700, 700), 2),
    "silu": (lambda x: x / (1 + mp.exp(-x)), (-700, 700), 3),
    "mish": (lambda x: x * mp.tanh(mp.log1p(mp.exp(x))), (-700, 700), 3),
    "softsign": (lambda x: x / (abs(x) + 1), (-1e6, 1e6), 2),
    "elu": (lambda x: x if x > 0 else mp.expm1(x), (-700, 700), 1),
    "selu": (lambda x: mp.mpf("1.0507009873554805") * (
        x if x > 0 else mp.mpf("1.6732632423543772") * mp.expm1(x)), (-700, 700), 2),
}
"""The bounds: 1 ulp for one C library function (glibc's are faithfully rounded;
sqrt and division are correctly rounded: 0), one more per float64 operation of a
composed formula that can round (sigmoid: exp, add, divide -> 2; silu, mish -> 3).
Measured maxima over `sample` (x86-64 glibc): sqrt, recip, acosh, asinh, atan, cos,
log2, sin, elu 0 ulps; exp, exp2, log, rsqrt, asin, acos, atanh, tan, sinh, cosh, tanh,
sigmoid, log_sigmoid, softplus, silu, softsign 1 ulp; selu, mish 2 ulps. erf, gelu and
gelu_approx are measured by the tests below them."""


def ulps(got: float, want: float) -> float:
    if math.isnan(want) or math.isnan(got):
        return 0.0 if math.isnan(want) and math.isnan(got) else math.inf
    if math.isinf(want) or want == 0:
        return 0.0 if got == want else abs(got - want) / math.ulp(0.0)
    return abs(got - want) / math.ulp(want)


def sample(low: float, high: float, count: int = 300) -> np.ndarray:
    """Uniform over the interval, plus log-uniform magnitudes for the wide ones."""
    rng = np.random.default_rng(20240601)
    points = [rng.uniform(low, high, count), rng.uniform(max(low, -1), min(high, 1), count // 3)]
    if high > 1e3:
        smallest = math.log10(low) if low > 0 else (-300 if low == 0 else -5)
        magnitudes = 10.0 ** rng.uniform(smallest, math.log10(high), count)
        points.append(magnitudes if low >= 0 else magnitudes * rng.choice([-1, 1], count))
    return np.concatenate(points)


@pytest.mark.parametrize("name", sorted(MPMATH))
def test_float64_accuracy_against_mpmath(name):
    function, (low, high), bound = MPMATH[name]
    x = sample(low, high)
    got = call(name, Tensor.from_values(x, dtypes.FLOAT64)).values()
    errors = [ulps(float(g), float(function(mp.mpf(float(v))))) for g, v in zip(got, x, strict=True)]
    worst = max(errors)
    assert worst <= bound, f"{name}: max error {worst} ulps in float64 (bound {bound})"


def gelu_approx_exact(x):
    z = SQRT_2_PI * (x + mp.mpf("0.044715") * x**3)
    return x / (1 + mp.exp(-2 * z)), abs(2 * z)


def as_gelu_exact(x):
    return as_gelu(x), x * x / 2


@pytest.mark.parametrize("name, exact", [("gelu", as_gelu_exact),
                                         ("gelu_approx", gelu_approx_exact)])
def test_gelus_are_accurate_up_to_the_conditioning_of_their_exponential(name, exact):
    """In the negative tail both are x times a tiny exponential e^(-u) (u = x²/2 for gelu
    with the 7.1.26 erf, u = 2|z| for the tanh form). The float64 evaluation of u carries
    a relative error of at most 6 · 2^-53 (its few roundings), which e^(-u) turns into a
    relative error of 6u · 2^-53, at most 12u ulps: the bound is 4 + 12u float64 ulps
    (u is the condition number of the exponential). Measured max, in those units:
    gelu 0.49, gelu_approx 0.19."""
    x = sample(-30, 30)
    got = call(name, Tensor.from_values(x, dtypes.FLOAT64)).values()
    worst = 0.0
    for g, v in zip(got, x, strict=True):
        value, u = exact(mp.mpf(float(v)))
        worst = max(worst, ulps(float(g), float(value)) / (4 + 12 * float(u)))
    assert worst <= 1, f"{name}: max error {worst:.3f} * (4 + 12u) ulps in float64"


def test_erf_evaluates_the_documented_approximation_in_float64():
    """erf against Abramowitz-Stegun 7.1.26 itself, evaluated in mpmath. The form
    1 - P(t) e^(-x²) loses relative accuracy near 0, so the error is absolute: each of
    its eight float64 operations rounds by at most 2^-53 of a value <= 1 (bound
    8 · 2^-53); measured max 5.25 · 2^-53."""
    x = sample(-6, 6, 3000)
    got = call("erf", Tensor.from_values(x, dtypes.FLOAT64)).values()
    error = max(abs(float(g) - float(as_erf(mp.mpf(float(v))))) for g, v in zip(got, x, strict=True))
    assert error <= 8 * 2.0**-53, f"erf: max absolute error {error / 2.0**-53:.2f} * 2^-53"


def test_erf_is_within_the_documented_accuracy_of_the_true_erf():
    """Abramowitz-Stegun 7.1.26: |error| <= 1.5e-7 (documented); measured max 1.2e-7."""
    x = np.linspace(-6, 6, 4001)
    got = call("erf", Tensor.from_values(x, dtypes.FLOAT64)).values()
    error = max(abs(float(g) - float(mp.erf(mp.mpf(float(v))))) for g, v in zip(got, x, strict=True))
    assert error <= 1.5e-7, f"max |erf - true erf| = {error:.3g}"
    assert got[2000] == 0.0  # the documented erf 0 = 0, though the polynomial gives 1e-9


def test_softplus_overflows_where_exp_overflows_the_dtype():
    """The documented example (softplus 100 = infinity in float32), at each float
    dtype's threshold; everywhere else log(1 + e^x) rounded once."""
    for dtype, fits, overflows in [(dtypes.FLOAT32, 88.0, 89.0), (dtypes.FLOAT16, 11.0, 12.0),
                                   (dtypes.FLOAT64, 709.0, 710.0), (dtypes.BFLOAT16, 88.0, 89.0)]:
        got = call("softplus", Tensor.from_values(np.array([fits, overflows]), dtype)).values()
        assert np.isfinite(got[0]) and got[1] == np.inf, dtype
    e4m3 = call("softplus", Tensor.from_values(np.array([7.0]), dtypes.FLOAT8_E4M3)).values()
    assert np.isnan(e4m3[0].astype(np.float64))  # no infinity in float8_e4m3


# --- activations on every float dtype against SciPy / NumPy ---------------------------------

SCIPY_ACTIVATIONS = {
    "relu": lambda x: np.maximum(x, 0), "relu6": lambda x: np.clip(x, 0, 6),
    "hard_tanh": lambda x: np.clip(x, -1, 1), "sigmoid": sc.expit,
    "log_sigmoid": sc.log_expit, "silu": lambda x: x * sc.expit(x),
    "hard_sigmoid": lambda x: np.clip(x / 6 + 0.5, 0, 1),
    "hard_silu": lambda x: x * np.clip(x / 6 + 0.5, 0, 1),
    "leaky_relu": lambda x: np.where(x > 0, x, 0.01 * x),
    "elu": lambda x: np.where(x > 0, x, np.expm1(x)),
    "softsign": lambda x: x / (np.abs(x) + 1),
}


def within_one_ulp(got: np.ndarray, want: np.ndarray, dtype: DType) -> bool:
    """Equal, or one storage ulp apart: the oracle's float64 value and the reference's
    differ by a few float64 ulps and may straddle a rounding boundary of the dtype.
    NaN must meet NaN and an infinity the same infinity."""
    got, want = got.astype(np.float64), want.astype(np.float64)
    if not np.array_equal(np.isnan(got), np.isnan(want)):
        return False
    numbers = ~np.isnan(want)
    got, want = got[numbers], want[numbers]
    with np.errstate(invalid="ignore"):
        gap = np.where(got == want, 0.0, np.abs(got - want))
    return bool(np.all(gap <= storage_ulp(want, dtype)))


@FAST
@given(name=st.sampled_from(sorted(SCIPY_ACTIVATIONS)), drawn=float_inputs())
def test_activations_are_the_scipy_values_on_every_float_dtype(name, drawn):
    check_unary(name, SCIPY_ACTIVATIONS[name], drawn, within_one_ulp)


@FAST
@given(drawn=float_inputs(dtype_choices=[dtypes.FLOAT64, dtypes.FLOAT32],
                          elements=st.floats(-50, 50)), data=st.data())
def test_softmax_is_scipy_softmax_over_the_axes(drawn, data):
    """Random axes (negative ones included) and layouts; float32 is SciPy's float64 value
    rounded once (within the one-ulp tie allowance); float64 within the rounding
    error of the two float64 evaluations."""
    dtype, exact, layout = drawn
    if exact.ndim == 0 or exact.size == 0:
        return  # a 0-d tensor has no axis -1; SciPy refuses empty slices
    axes = data.draw(st.lists(st.integers(-exact.ndim, exact.ndim - 1), unique_by=lambda a: a % exact.ndim))
    got = call("softmax", laid_out(exact, dtype, layout), axes=tuple(axes)).values()
    want = sc.softmax(exact, axis=tuple(a % exact.ndim for a in axes)) if axes else np.ones_like(exact)
    if dtype is dtypes.FLOAT64:
        # Both evaluate the formula in float64, summing in different orders: each has
        # n + 2 roundings of at most half a spacing (exp, n - 1 additions, the shift and
        # the division), so the two differ by at most n + 2 spacings.
        n = math.prod(exact.shape[a] for a in axes)
        assert np.all(np.abs(got - want) <= (n + 2) * np.spacing(want))
    else:
        assert within_one_ulp(got, rounded_once(want, dtype), dtype)
    if exact.size and axes:
        sums = np.sum(got.astype(np.float64), axis=tuple(axes))
        assert np.allclose(sums, 1, rtol=0, atol=exact.size * float(np.finfo(np.float32).eps))
