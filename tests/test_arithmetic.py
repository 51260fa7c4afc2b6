"""The reference's arithmetic and bitwise ops (nx.txt, "Basic Arithmetic Operations",
"Bitwise Operations") against NumPy, on random shapes, broadcasting, strided inputs and
every dtype.

The oracle is NumPy (and ml_dtypes for bfloat16 / float8 / int4) computing in the
storage dtype for floats and bit operations, and exact Python integers wrapped to the
width for integer arithmetic (NumPy's own result at 8 to 64 bits for +, -, *). Where
Nx's documented rule differs from NumPy's, the difference is an explicit alternative
oracle, never a looser tolerance:

| rule (spec/READINGS.md)                              | NumPy does                    | oracle here           |
|------------------------------------------------------|-------------------------------|-----------------------|
| integer `div` truncates toward zero (R82)            | `//` floors                   | Python ints, trunc    |
| `mod_` has the dividend's sign (R83)                 | `%` has the divisor's         | ints; `np.fmod` float |
| integer division / modulo by 0 raises (R84)          | returns 0 with a warning      | expect the raise      |
| integer pow: exact mod 2^bits, e < 0 rule (R86, R87) | refuses e < 0                 | Python `pow`, rule    |
| every width wraps (int4, the 63-bit `int`) (R19)     | int64 wraps at 2^64 only      | wrap to the width     |
| `rshift` truncates toward zero (R119)                | `>>` floors (-1 >> 1 = -1)    | Python ints, trunc    |
| a shift >= the bit width gives 0 (R121)              | C shift (>= 64: 0 or -1)      | 0                     |
| bool computes as 0/1, stored as x <> 0 (R90)         | or / and, refuses subtraction | Python ints 0/1       |

Where the spec accepts either of two deliberate choices (neg of a bool as not, div
refusing bool: what Nx 1.0.0~alpha1 does, R90), the oracle is the suite's 0/1 reading,
which the reference implements. The shifts take every integer dtype, int4, uint4, qint8
and quint8 included (their elements are OCaml ints), and refuse bool, whose elements are
not (nx.mli: "non-integer dtype", R241); complex products are rounded once, also where a
float32 partial product would overflow (R18).

Float results are compared bit for bit (NaN with NaN, signed zeros) where both sides
are exactly rounded (+, -, *, /, fmod: NumPy computes float16 and the ml_dtypes
formats in float32, which rounds them exactly too); `pow` (C `pow` is not exactly
rounded) and complex `*`, `/` (NumPy's complex128 formula, rounded once into the
parts) within the dtype's default tolerance.
"""

from __future__ import annotations

import math
import operator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes, registry
from reference.dtypes import DType
from reference.errors import DivisionByZero, InvalidArgument
from reference.layout import View
from reference.tensor import Tensor

registry.load_all()

SETTINGS = settings(max_examples=12, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FLOATS = [d for d in dtypes.DTYPES if d.is_float]
INTEGERS = [d for d in dtypes.DTYPES if d.is_integer]
COMPLEX = [d for d in dtypes.DTYPES if d.is_complex]
EXACT_RULES = {"add", "sub", "mul", "div", "mod_"}


def nx(name: str, *args):
    return registry.lookup("nx", name).function(*args)


# --- Inputs: values in any layout ---------------------------------------------------------

LAYOUTS = ("contiguous", "transposed", "flipped", "spaced")


def positions(shape: tuple[int, ...], layout: str) -> np.ndarray:
    """Buffer positions of each element of `shape` for a layout: a NumPy view of an
    arange, so its strides and first element are the tensor's strides and offset."""
    n = math.prod(shape)
    if layout == "transposed" and len(shape) > 1:
        return np.arange(n).reshape(shape[::-1]).transpose()
    if layout == "flipped" and len(shape) > 0:
        return np.arange(n).reshape(shape)[(slice(None, None, -1),) * len(shape)]
    if layout == "spaced" and len(shape) > 0:
        wide = (*shape[:-1], 2 * shape[-1])
        return np.arange(2 * n).reshape(wide)[..., ::2]
    return np.arange(n).reshape(shape)


def laid_out(values: np.ndarray, dtype: DType, layout: str) -> Tensor:
    """A tensor of `dtype` holding `values`, its buffer laid out as `layout` says."""
    where = positions(values.shape, layout)
    buffer = np.zeros(max(where.size * 2, 1), dtype=dtype.storage)
    buffer[where] = dtypes.to_storage(values, dtype)
    strides = tuple(s // where.itemsize for s in where.strides)
    offset = int(where[(0,) * where.ndim]) if where.size else 0
    return Tensor(buffer, dtype, View(values.shape, strides, offset))


def element_values(dtype: DType, kind: str = "any") -> st.SearchStrategy:
    """Exact values of the dtype; `kind` narrows them for pow ("base", "exponent")."""
    if dtype.is_bool:
        return st.booleans()
    if dtype.is_integer:
        if kind == "exponent":
            return st.integers(max(dtype.low, -3), min(dtype.high, 70))
        return st.integers(dtype.low, dtype.high)
    if kind == "any":
        real = st.floats(allow_nan=True, allow_infinity=True, width=64)
    else:  # powers stay away from overflow, where storage-precision NumPy may round apart
        bound = 8.0 if kind == "base" else 4.0
        real = st.floats(-bound, bound) | st.sampled_from([0.0, -0.0, 1.0, math.nan])
    if dtype.is_complex:
        return st.tuples(real, real).map(lambda p: complex(*p))
    return real


@st.composite
def operand(draw, dtype: DType, shape: tuple[int, ...], kind: str = "any") -> Tensor:
    flat = draw(st.lists(element_values(dtype, kind), min_size=math.prod(shape),
                         max_size=math.prod(shape)))
    wide = np.array(flat, dtype=object if dtype.is_integer else None).reshape(shape)
    return laid_out(wide, dtype, draw(st.sampled_from(LAYOUTS)))


def pair_shapes():
    return hnp.mutually_broadcastable_shapes(num_shapes=2, min_dims=0, max_dims=3,
                                             min_side=0, max_side=4)


# --- Oracles --------------------------------------------------------------------------------


def wrapped(values, dtype: DType) -> list[int]:
    """Exact integers reduced modulo 2^bits into the dtype's range (the documented wrap)."""
    span = 1 << dtype.bits
    return [(int(v) - dtype.low) % span + dtype.low for v in np.asarray(values, dtype=object).ravel()]


def truncated_quotient(x: int, y: int) -> int:
    quotient = abs(x) // abs(y)
    return quotient if (x < 0) == (y < 0) else -quotient


def exact_power(x: int, e: int, dtype: DType) -> int:
    if e >= 0:
        return pow(x, e, 1 << dtype.bits)
    return {1: 1, -1: -1 if e % 2 else 1}.get(x, 0)


INTEGER_RULES = {  # on exact Python ints; the result is then wrapped into the width
    "add": operator.add,
    "sub": operator.sub,
    "mul": operator.mul,
    "div": truncated_quotient,
    "mod_": lambda x, y: x - truncated_quotient(x, y) * y,
}
NUMPY_FLOAT = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
               "mod_": np.fmod, "pow": np.power}


def integer_oracle(name: str, x: np.ndarray, y: np.ndarray, dtype: DType) -> np.ndarray:
    """The documented integer rule on exact ints (bool as 0/1, stored as x <> 0)."""
    pairs = zip(np.ravel(x).tolist(), np.ravel(y).tolist(), strict=True)
    if name == "pow":
        exact = [exact_power(int(a), int(b), dtype) for a, b in pairs]
    else:
        exact = [INTEGER_RULES[name](int(a), int(b)) for a, b in pairs]
    if dtype.is_bool:
        return np.array(exact, dtype=bool).reshape(x.shape)
    return np.array(wrapped(exact, dtype), dtype=object).reshape(x.shape)


def numpy_oracle(name: str, x: np.ndarray, y: np.ndarray, dtype: DType) -> np.ndarray:
    """NumPy in the storage dtype for real floats; complex128 for complex, rounded once
    (NumPy's complex64 products and powers are not exactly rounded)."""
    if dtype.is_complex:
        x, y = x.astype(np.complex128), y.astype(np.complex128)
    with np.errstate(all="ignore"):
        result = NUMPY_FLOAT[name](x, y)
    return dtypes.to_storage(result, dtype)


def assert_matches(got: Tensor, expected: np.ndarray, dtype: DType, exact: bool) -> None:
    assert got.dtype is dtype and got.shape == expected.shape
    values = got.values()
    if dtype.is_integer or dtype.is_bool:
        assert values.astype(object).tolist() == np.asarray(expected).astype(object).tolist()
        return
    parts = (lambda a: (a.real, a.imag)) if dtype.is_complex else (lambda a: (a,))
    for g, e in zip(parts(values.astype(np.complex128 if dtype.is_complex else np.float64)),
                    parts(np.asarray(expected).astype(
                        np.complex128 if dtype.is_complex else np.float64)), strict=True):
        if exact:
            same = (g == e) & (np.signbit(g) == np.signbit(e)) | (np.isnan(g) & np.isnan(e))
        else:
            tol = dtype.tolerance
            same = np.isclose(g, e, rtol=tol.rtol, atol=tol.atol, equal_nan=True)
        assert same.all(), f"got {g.tolist()}, expected {e.tolist()}"


def divides_by_zero(name: str, x: np.ndarray, y: np.ndarray) -> bool:
    if name in ("div", "mod_"):
        return bool((y == 0).any())
    return name == "pow" and bool(((x == 0) & (y < 0)).any())


# --- Binary arithmetic --------------------------------------------------------------------

ARITHMETIC = ("add", "sub", "mul", "div", "mod_", "pow")


def accepted(name: str) -> list[DType]:
    return [d for d in dtypes.DTYPES if not (name == "mod_" and d.is_complex)]


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("name", ARITHMETIC)
@SETTINGS
@given(data=st.data())
def test_binary_ops_follow_the_documented_rule(name, dtype, data):
    """Every element of `op a b` (broadcast, strided) is the oracle's, or the op raises
    Division_by_zero exactly when an integer divisor is 0 (or 0 meets a negative power);
    mod_ refuses complex."""
    if name == "mod_" and dtype.is_complex:
        with pytest.raises(InvalidArgument):
            nx(name, laid_out(np.array([1j]), dtype, "contiguous"),
               laid_out(np.array([1j]), dtype, "contiguous"))
        return
    shapes = data.draw(pair_shapes()).input_shapes
    kinds = ("base", "exponent") if name == "pow" else ("any", "any")
    a = data.draw(operand(dtype, shapes[0], kinds[0]))
    b = data.draw(operand(dtype, shapes[1], kinds[1]))
    x, y = np.broadcast_arrays(a.values(), b.values())
    if dtype.is_integer or dtype.is_bool:
        x, y = x.astype(object), y.astype(object)
        if divides_by_zero(name, x, y):
            with pytest.raises(DivisionByZero):
                nx(name, a, b)
            return
        expected = integer_oracle(name, x, y, dtype)
    else:
        expected = numpy_oracle(name, x, y, dtype)
    exact = name in EXACT_RULES and not (dtype.is_complex and name in ("mul", "div"))
    assert_matches(nx(name, a, b), expected, dtype, exact)


@pytest.mark.parametrize("name", ARITHMETIC)
@SETTINGS
@given(data=st.data())
def test_scalar_and_in_place_forms_are_the_binary_op(name, data):
    """`op_s t s` = `op t (scalar s)`, `rop_s s t` = `op (scalar s) t`, and `iop` /
    `iop_s` write that result through the target's view (reaching its buffer) and return
    the target itself."""
    stem = name.rstrip("_")
    dtype = data.draw(st.sampled_from([d for d in accepted(name) if d.is_float or d.is_integer]))
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    kinds = ("base", "exponent") if name == "pow" else ("any", "any")
    t = data.draw(operand(dtype, shape, kinds[0]))
    scalar = data.draw(element_values(dtype, kinds[1]))
    if dtype.is_integer and name != "pow":
        scalar = scalar or 1  # division by zero is checked by the test above
    s = Tensor.from_values(np.asarray(scalar, dtype=object if dtype.is_integer else None), dtype)
    for form, args, like in (
        (f"{stem}_s", (t, scalar), (t, s)),
        (f"r{stem}_s", (scalar, t), (s, t)),
    ):
        try:
            expected = nx(name, *like)
        except DivisionByZero:
            with pytest.raises(DivisionByZero):
                nx(form, *args)
            continue
        assert_matches(nx(form, *args), expected.values(), dtype, exact=True)
    for form, value in ((f"i{stem}", s), (f"i{stem}_s", scalar)):
        target = laid_out(t.values(), dtype, data.draw(st.sampled_from(LAYOUTS)))
        try:
            expected = nx(name, target, s)
        except DivisionByZero:
            continue
        buffer_before = target.buffer
        assert nx(form, target, value) is target
        assert target.buffer is buffer_before
        assert_matches(target, expected.values(), dtype, exact=True)


def test_in_place_ops_never_grow_their_target():
    target = Tensor.from_values(np.arange(3), dtypes.INT32)
    grown = Tensor.from_values(np.arange(6).reshape(2, 3), dtypes.INT32)
    for form in ("iadd", "isub", "imul", "idiv", "imod", "ipow"):
        with pytest.raises(InvalidArgument, match="shape"):
            nx(form, target, Tensor.from_values(np.ones((2, 3)), dtypes.INT32))
        assert target.values().tolist() == [0, 1, 2]
    with pytest.raises(InvalidArgument, match="dtypes differ"):
        nx("iadd", grown, Tensor.from_values(np.ones(3), dtypes.FLOAT32))


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
@SETTINGS
@given(data=st.data())
def test_neg_is_numpy_negative_wrapped(dtype, data):
    """neg: NumPy's negation (IEEE sign flip) for floats and complex; -x wrapped into the
    width for integers (the minimum is its own negation, unsigned wraps); bool unchanged
    (0/1 stored as x <> 0, R90; the spec also accepts not)."""
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    t = data.draw(operand(dtype, shape))
    if dtype.is_bool:
        expected = t.values()
    elif dtype.is_integer:
        expected = np.array(wrapped([-int(v) for v in t.values().ravel()], dtype),
                            dtype=object).reshape(shape)
    else:
        expected = dtypes.to_storage(np.negative(t.values()), dtype)
    assert_matches(nx("neg", t), expected, dtype, exact=True)


# --- Bitwise ---------------------------------------------------------------------------------

BITWISE = {"bitwise_and": np.bitwise_and, "bitwise_or": np.bitwise_or,
           "bitwise_xor": np.bitwise_xor}
BITS = [d for d in dtypes.DTYPES if d.is_integer or d.is_bool]


@pytest.mark.parametrize("dtype", BITS, ids=lambda d: d.name)
@SETTINGS
@given(data=st.data())
def test_bitwise_ops_are_numpys_on_twos_complement(dtype, data):
    """and / or / xor / not: NumPy's int64 bit operations on the sign-extended values,
    wrapped into the width (bool: NumPy's logical operations)."""
    shapes = data.draw(pair_shapes()).input_shapes
    a, b = data.draw(operand(dtype, shapes[0])), data.draw(operand(dtype, shapes[1]))
    x, y = np.broadcast_arrays(a.values(), b.values())
    wide = np.bool_ if dtype.is_bool else np.int64
    for name, ufunc in BITWISE.items():
        expected = ufunc(x.astype(wide), y.astype(wide))
        if not dtype.is_bool:
            expected = np.array(wrapped(expected, dtype), dtype=object).reshape(x.shape)
        assert_matches(nx(name, a, b), expected, dtype, exact=True)
    inverted = np.invert(a.values().astype(wide))
    if not dtype.is_bool:
        inverted = np.array(wrapped(inverted, dtype), dtype=object).reshape(a.shape)
    for name in ("bitwise_not", "invert"):
        assert_matches(nx(name, a), inverted, dtype, exact=True)


@pytest.mark.parametrize("dtype", INTEGERS, ids=lambda d: d.name)
@SETTINGS
@given(data=st.data())
def test_shifts_multiply_and_truncating_divide_by_powers_of_two(dtype, data):
    """lshift = x * 2^n wrapped (NumPy's << agrees below 64 bits); rshift = trunc(x / 2^n),
    where NumPy's >> floors; any shift >= the width gives 0 (NumPy's gives -1 for a
    negative x shifted right by 64)."""
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    t = data.draw(operand(dtype, shape))
    shift = data.draw(st.integers(0, dtype.bits + 2) | st.integers(0, 200))
    values = [int(v) for v in t.values().ravel()]
    left = wrapped([v << shift for v in values], dtype)
    right = [truncated_quotient(v, 1 << shift) for v in values]
    if shift < 64:
        numpy_left = np.left_shift(np.array(values, dtype=np.int64), shift)
        assert wrapped(numpy_left, dtype) == left
    assert_matches(nx("lshift", t, shift), np.array(left, dtype=object).reshape(shape),
                   dtype, exact=True)
    assert_matches(nx("rshift", t, shift), np.array(right, dtype=object).reshape(shape),
                   dtype, exact=True)


@pytest.mark.parametrize("dtype", FLOATS + COMPLEX, ids=lambda d: d.name)
def test_bitwise_ops_refuse_floats_and_complex(dtype):
    t = Tensor.from_values(np.array([1.0]), dtype)
    for name in BITWISE:
        with pytest.raises(InvalidArgument, match=dtype.name):
            nx(name, t, t)
    for name, args in (("bitwise_not", ()), ("invert", ()), ("lshift", (1,)), ("rshift", (1,))):
        with pytest.raises(InvalidArgument, match=dtype.name):
            nx(name, t, *args)


def test_shifts_refuse_bool():
    """nx.mli: "@raise Invalid_argument if shift negative or non-integer dtype"; a bool's
    elements are OCaml bools (R241)."""
    t = Tensor.from_values(np.array([True]), dtypes.by_name("bool"))
    for shift in ("lshift", "rshift"):
        for count in (0, 1):
            with pytest.raises(InvalidArgument, match="bool"):
                nx(shift, t, count)


def test_negative_shifts_raise():
    t = Tensor.from_values(np.array([1, 2]), dtypes.INT32)
    for name in ("lshift", "rshift"):
        with pytest.raises(InvalidArgument, match="negative"):
            nx(name, t, -1)
