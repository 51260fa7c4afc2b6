"""Element Access and Slicing, and Type Conversion: the reference against NumPy.

- `slice` / `set_slice` / `get` / `set` / `item` / `set_item` on random shapes, layouts and
  index specs, against NumPy indexing applied one spec at a time (each spec acts on its
  own axis, the documented reading): equal values, a shared buffer exactly when the specs
  are I / A / N / ranges of step ±1, and writes landing where NumPy's positions say.
- `take` / `put` in every mode against `np.take` / `np.put`, `take_along_axis` /
  `put_along_axis` / `put ~axis` against NumPy's along-axis functions, and `compress`,
  `extract`, `nonzero`, `argwhere` against NumPy's.
- `cast` of random values for every pair of the 22 dtypes against NumPy / ml_dtypes
  `astype` under the documented rules.
- Robustness: random, mostly invalid, arguments to every op of both sections raise only
  `reference.errors.NxError` kinds.

Documented differences from NumPy are explicit below: `put` broadcasts `values` (NumPy
repeats them cyclically), `clip` clamps negatives to 0 (written out, not left to NumPy),
the 63-bit `int` wraps modulo 2^63 and complex16 rounds each part to float16 (NumPy has
neither type), and NaN, ±inf and out-of-range floats cast to integers are unspecified.
"""

from __future__ import annotations

import contextlib
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import dtypes
from reference.dtypes import DType
from reference.errors import NxError
from reference.ocaml import A, I, L, M, N, R, Rs
from reference.tensor import Tensor
from tests.strided_tensors import (
    LAYOUTS,
    SETTINGS,
    element_values,
    laid_out,
    nx,
    same_values,
    wrap,
)

# Element-agnostic ops are checked on small integers, stored in dtypes of every family.
INDEX_DTYPES = [
    dtypes.INT32,
    dtypes.FLOAT16,
    dtypes.BFLOAT16,
    dtypes.FLOAT8_E5M2,
    dtypes.INT4,
    dtypes.UINT8,
    dtypes.COMPLEX64,
    dtypes.COMPLEX16,
    dtypes.BOOL,
]


def int32(values) -> Tensor:
    return Tensor.from_values(np.asarray(values, dtype=np.int64), dtypes.INT32)


def uint8(values) -> Tensor:
    return Tensor.from_values(np.asarray(values, dtype=np.int64), dtypes.UINT8)


@st.composite
def sources(draw, min_dims: int = 0, max_dims: int = 3):
    """(tensor, the NumPy array of its stored elements): small distinct-ish values in a
    dtype of every family, laid out contiguously or not."""
    shape = tuple(draw(st.lists(st.integers(0, 4), min_size=min_dims, max_size=max_dims)))
    dtype = draw(st.sampled_from(INDEX_DTYPES))
    values = np.arange(math.prod(shape)).reshape(shape) % 7
    t = laid_out(values, dtype, draw(st.sampled_from(LAYOUTS)))
    return t, t.values()


def flat_positions(shape: tuple[int, ...]) -> np.ndarray:
    """Each element's row-major position: indexing this the way the reference indexes a
    tensor tells which elements an index selects."""
    return np.arange(math.prod(shape)).reshape(shape)


# --- slice and friends ------------------------------------------------------------------


@st.composite
def index_specs(draw, shape: tuple[int, ...]):
    """A list of index specs for `shape`, sometimes out of range, sometimes too long."""
    specs, axis = [], 0
    for _ in range(draw(st.integers(0, len(shape) + 1))):
        size = shape[axis] if axis < len(shape) else 2
        bound = st.integers(-size - 2, size + 2)
        kind = draw(st.sampled_from("ILRSAMN"))
        if kind == "I":
            specs.append(I(draw(bound)))
        elif kind == "L":
            specs.append(L(tuple(draw(st.lists(bound, max_size=4)))))
        elif kind == "R":
            specs.append(R(draw(bound), draw(bound)))
        elif kind == "S":
            specs.append(Rs(draw(bound), draw(bound), draw(st.integers(-3, 3))))
        elif kind == "M":
            length = draw(st.sampled_from([size, size, size + 1]))
            specs.append(
                M(uint8(draw(st.lists(st.integers(0, 2), min_size=length, max_size=length))))
            )
        else:
            specs.append(A if kind == "A" else N)
        axis += kind != "N"
    return specs


def numpy_slice(a: np.ndarray, specs) -> np.ndarray:
    """NumPy indexing one spec at a time, each on its own axis (IndexError / ValueError
    where NumPy refuses)."""
    axis = 0
    for spec in specs:
        before = (slice(None),) * axis
        if spec is N:
            a = np.expand_dims(a, axis)
        elif isinstance(spec, I):
            a = a[(*before, spec.index)]
            continue
        elif isinstance(spec, L):
            a = a[(*before, np.array(spec.indices, dtype=np.intp))]
        elif isinstance(spec, R):
            a = a[(*before, slice(spec.start, spec.stop))]
        elif isinstance(spec, Rs):
            a = a[(*before, slice(spec.start, spec.stop, spec.step))]
        elif isinstance(spec, M):
            a = a[(*before, spec.mask.values() != 0)]
        if axis >= a.ndim:
            raise IndexError("too many indices")
        axis += 1
    return a


def is_view(specs) -> bool:
    """The documented views: only I, A, N and ranges of step ±1."""
    return all(
        s is A or s is N or isinstance(s, I | R) or (isinstance(s, Rs) and s.step in (1, -1))
        for s in specs
    )


@SETTINGS
@given(data=st.data())
def test_slice_reads_what_numpy_indexing_reads_and_views_exactly_when_documented(data):
    t, a = data.draw(sources())
    specs = data.draw(index_specs(t.shape))
    try:
        expected = numpy_slice(a, specs)
    except (IndexError, ValueError):
        with pytest.raises(NxError):
            nx("slice", specs, t)
        return
    out = nx("slice", specs, t)
    assert same_values(out.values(), expected)
    assert out.shares_storage(t) == is_view(specs)
    if is_view(specs):
        # A write through the view lands on the source elements NumPy's positions name.
        chosen = numpy_slice(flat_positions(t.shape), specs).reshape(-1)
        nx("fill", 1, out)
        after = a.reshape(-1).copy()
        after[chosen] = np.asarray(1).astype(a.dtype)
        assert same_values(t.values().reshape(-1), after)


@SETTINGS
@given(data=st.data())
def test_set_slice_writes_the_positions_slice_reads(data):
    t, a = data.draw(sources())
    specs = data.draw(index_specs(t.shape))
    try:
        chosen = numpy_slice(flat_positions(t.shape), specs)
    except (IndexError, ValueError):
        value = Tensor.from_values(np.array(5), t.dtype)
        with pytest.raises(NxError):
            nx("set_slice", specs, t, value)
        return
    # A value of the region's shape, or of a shape broadcast to it.
    shape = data.draw(st.sampled_from([chosen.shape, chosen.shape[1:], ()]))
    value = Tensor.from_values(np.arange(math.prod(shape)).reshape(shape) % 5 + 1, t.dtype)
    nx("set_slice", specs, t, value)
    after = a.reshape(-1).copy()
    # Positions listed twice are written in order, the last value winning (NumPy's
    # assignment; the documentation says nothing of it).
    after[chosen.reshape(-1)] = np.broadcast_to(value.values(), chosen.shape).reshape(-1)
    assert same_values(t.values().reshape(-1), after)


@SETTINGS
@given(data=st.data())
def test_get_item_set_and_set_item_index_like_numpy(data):
    t, a = data.draw(sources(min_dims=1))
    indices = tuple(data.draw(st.lists(st.integers(-5, 5), max_size=t.ndim + 1)))
    try:
        expected = a[indices]
    except IndexError:
        for call in (lambda: nx("get", indices, t), lambda: nx("item", indices, t)):
            with pytest.raises(NxError):
                call()
        return
    got = nx("get", indices, t)
    assert same_values(got.values(), expected)
    assert got.shares_storage(t) or len(indices) == t.ndim  # documented view: fewer indices
    if len(indices) != t.ndim:
        with pytest.raises(NxError):
            nx("item", indices, t)
        return
    assert same_values(np.asarray(nx("item", indices, t)), expected)
    after = a.copy()
    nx("set_item", indices, 1, t)
    after[indices] = np.asarray(1).astype(a.dtype)
    assert same_values(t.values(), after)
    nx("set", indices[:-1], t, Tensor.from_values(np.array(2), t.dtype))
    after[indices[:-1]] = np.asarray(2).astype(a.dtype)
    assert same_values(t.values(), after)


# --- take and put -------------------------------------------------------------------------

MODES = ["raise", "wrap", "clip"]


def resolve(indices: np.ndarray, size: int, mode: str) -> np.ndarray | None:
    """The documented mode rule, written out: None where the call must raise."""
    if indices.size and size == 0:
        return None
    if mode == "raise":
        inside = ((indices >= -size) & (indices < size)).all()
        return indices % max(size, 1) if inside else None
    if mode == "wrap":
        return indices % max(size, 1)
    # `clip clamps to [0, n-1], negatives included (the documented example, [-1; 5] -> [0; 4]).
    return np.clip(indices, 0, max(size - 1, 0))


@SETTINGS
@given(data=st.data())
def test_take_is_numpy_take_in_every_mode(data):
    t, a = data.draw(sources())
    axis = data.draw(st.none() | st.integers(-t.ndim, t.ndim - 1)) if t.ndim else None
    size = a.size if axis is None else a.shape[axis]
    indices = np.array(
        data.draw(st.lists(st.integers(-2 * size - 1, 2 * size + 1), max_size=4)), dtype=np.int64
    )
    mode = data.draw(st.sampled_from(MODES))
    resolved = resolve(indices, size, mode)
    if resolved is None:
        with pytest.raises(NxError):
            nx("take", int32(indices), t, axis=axis, mode=mode)
        return
    got = nx("take", int32(indices), t, axis=axis, mode=mode)
    assert same_values(got.values(), np.take(a, indices, axis=axis, mode=mode))


@SETTINGS
@given(data=st.data())
def test_put_without_axis_is_numpy_put_with_broadcast_values(data):
    t, a = data.draw(sources())
    indices = np.array(
        data.draw(st.lists(st.integers(-2 * a.size - 1, 2 * a.size + 1), max_size=4)),
        dtype=np.int64,
    )
    mode = data.draw(st.sampled_from(MODES))
    values = Tensor.from_values(np.array(data.draw(st.integers(1, 6))), t.dtype)
    if data.draw(st.booleans()):
        values = Tensor.from_values(np.arange(indices.size) % 5 + 1, t.dtype)
    resolved = resolve(indices, a.size, mode)
    if resolved is None:
        with pytest.raises(NxError):
            nx("put", t, indices=int32(indices), values=values, mode=mode)
        assert same_values(t.values(), a)  # nothing written before the refusal
        return
    nx("put", t, indices=int32(indices), values=values, mode=mode)
    expected = a.reshape(-1).copy()
    # Documented differences: values broadcast to the indices (NumPy would cycle them),
    # and the mode is the rule written out above, applied before NumPy's put.
    np.put(expected, resolved, np.broadcast_to(values.values(), indices.shape))
    assert same_values(t.values().reshape(-1), expected)


@st.composite
def along_axis_indices(draw, shape: tuple[int, ...], axis: int):
    """Indices of `shape` but for a drawn length along `axis`, in and out of range."""
    size = shape[axis]
    own = list(shape)
    own[axis] = draw(st.integers(0, 3))
    flat = draw(
        st.lists(st.integers(-size - 1, size + 1), min_size=math.prod(own), max_size=math.prod(own))
    )
    return np.array(flat, dtype=np.int64).reshape(own)


@SETTINGS
@given(data=st.data())
def test_along_axis_ops_are_numpy_take_and_put_along_axis(data):
    t, a = data.draw(sources(min_dims=1))
    axis = data.draw(st.integers(-t.ndim, t.ndim - 1))
    indices = data.draw(along_axis_indices(t.shape, axis))
    resolved = resolve(indices, a.shape[axis], "raise")
    mode = data.draw(st.sampled_from(MODES))
    moded = resolve(indices, a.shape[axis], mode)
    values = Tensor.from_values(np.arange(indices.size).reshape(indices.shape) % 5 + 1, t.dtype)
    if resolved is None:
        with pytest.raises(NxError):
            nx("take_along_axis", int32(indices), t, axis=axis)
    else:
        got = nx("take_along_axis", int32(indices), t, axis=axis)
        assert same_values(got.values(), np.take_along_axis(a, resolved, axis=axis))
    # `put ~axis` is put_along_axis with the mode applied (the documented example).
    if moded is None:
        with pytest.raises(NxError):
            nx("put", t, axis=axis, indices=int32(indices), values=values, mode=mode)
        return
    nx("put", t, axis=axis, indices=int32(indices), values=values, mode=mode)
    expected = a.copy()
    np.put_along_axis(expected, moded, values.values(), axis=axis)
    assert same_values(t.values(), expected)


def test_along_axis_indices_must_match_the_shape_off_the_axis():
    t = int32(np.arange(6).reshape(2, 3))
    for shape in [(1, 1), (3, 1), (1,)]:
        with pytest.raises(NxError):
            nx("take_along_axis", int32(np.zeros(shape)), t, axis=1)
        with pytest.raises(NxError):
            nx("put_along_axis", t, axis=1, indices=int32(np.zeros(shape)), values=int32(0))


@SETTINGS
@given(data=st.data())
def test_compress_extract_nonzero_and_argwhere_are_numpy_s(data):
    t, a = data.draw(sources())
    mask = np.array(data.draw(st.lists(st.integers(0, 2), min_size=a.size, max_size=a.size)))
    condition = uint8(mask.reshape(a.shape))
    # Documented as NumPy's extract and compress, which flatten a 0-d array to one element
    # (nx.txt:969, nx.txt:982; READINGS R46).
    assert same_values(
        nx("extract", t, condition=condition).values(), np.extract(mask.reshape(a.shape), a)
    )
    assert same_values(nx("compress", t, condition=uint8(mask)).values(), np.compress(mask, a))
    if t.ndim:
        axis = data.draw(st.integers(-t.ndim, t.ndim - 1))
        keep = np.array(
            data.draw(st.lists(st.integers(0, 1), min_size=a.shape[axis], max_size=a.shape[axis]))
        )
        assert same_values(
            nx("compress", t, condition=uint8(keep), axis=axis).values(),
            np.compress(keep, a, axis=axis),
        )
        coordinates = [c.values() for c in nx("nonzero", t)]
        assert len(coordinates) == t.ndim
        for got, expected in zip(coordinates, np.nonzero(a), strict=True):
            assert same_values(got, expected)
    argwhere = nx("argwhere", t)
    assert argwhere.dtype is dtypes.INT32
    assert same_values(argwhere.values(), np.argwhere(a))


# --- cast -------------------------------------------------------------------------------------


def oracle_cast(values: np.ndarray, source: DType, target: DType) -> np.ndarray:
    """NumPy / ml_dtypes `astype` under the documented rules (READINGS R59)."""
    if target.is_bool:
        return values != 0
    if source.is_complex and not target.is_complex:
        values = values.real
    if target.is_integer:
        if source.is_float or source.is_complex:
            values = np.trunc(values)  # in range: the unspecified ones were left out
        exact = values.astype(np.int64)
        if target is dtypes.INT:  # NumPy has no 63-bit integer: wrap by hand
            return wrap(exact, target).astype(np.int64)
        with np.errstate(over="ignore"):
            return exact.astype(target.storage)
    if target is dtypes.COMPLEX16:  # NumPy has no complex16: each part in float16
        wide = values.astype(np.complex128)
        parts = np.empty(wide.shape, dtype=np.complex64)
        with np.errstate(over="ignore"):
            parts.real = wide.real.astype(np.float16)
            parts.imag = wide.imag.astype(np.float16)
        return parts
    with np.errstate(over="ignore", invalid="ignore"):
        return values.astype(target.storage)


def unspecified(values: np.ndarray, source: DType, target: DType) -> np.ndarray:
    """Which source values have no documented cast to `target` (NaN, ±inf, out of range)."""
    if not (target.is_integer and (source.is_float or source.is_complex)):
        return np.zeros(values.shape, dtype=bool)
    real = values.real.astype(np.float64)
    with np.errstate(invalid="ignore"):
        truncated = np.trunc(real)
        return ~np.isfinite(real) | (truncated < target.low) | (truncated > target.high)


@pytest.mark.parametrize("source", dtypes.DTYPES, ids=lambda d: d.name)
@SETTINGS
@given(data=st.data())
def test_cast_is_numpy_astype_under_the_documented_rules(source, data):
    target = data.draw(st.sampled_from(dtypes.DTYPES))
    flat = data.draw(st.lists(element_values(source), min_size=1, max_size=6))
    t = laid_out(
        np.array(flat, dtype=object if source.is_integer else None),
        source,
        data.draw(st.sampled_from(LAYOUTS)),
    )
    stored = t.values()
    wide = stored.astype(
        np.complex128
        if source.is_complex
        else np.float64
        if source.is_float
        else np.bool_
        if source.is_bool
        else np.int64
    )
    keep = ~unspecified(wide, source, target)
    got = nx("cast", target, t)
    assert got.dtype is target and not got.shares_storage(t)
    assert same_values(got.values()[keep], oracle_cast(wide[keep], source, target))


def test_cast_from_float64_to_bfloat16_rounds_once():
    # 1 + 2^-8 + 2^-40 is just above the bfloat16 tie between 1 and 1 + 2^-7: rounding once
    # gives 1 + 2^-7; rounding to float32 first lands on the tie, which goes to 1.
    t = Tensor.from_values(np.array([1 + 2**-8 + 2**-40]), dtypes.FLOAT64)
    assert float(nx("cast", dtypes.BFLOAT16, t).values()[0]) == 1 + 2**-7


# --- robustness -------------------------------------------------------------------------------


@st.composite
def any_tensors(draw):
    dtype = draw(st.sampled_from(dtypes.DTYPES))
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=3)))
    if draw(st.booleans()):
        dtype = dtypes.INT32 if draw(st.booleans()) else dtypes.UINT8
    values = np.array(
        draw(st.lists(st.integers(-4, 4), min_size=math.prod(shape), max_size=math.prod(shape))),
        dtype=np.int64,
    )
    return laid_out(values.reshape(shape), dtype, draw(st.sampled_from(LAYOUTS)))


def any_specs() -> st.SearchStrategy:
    small = st.integers(-4, 4)
    return st.lists(
        st.one_of(
            small.map(I),
            st.lists(small, max_size=3).map(lambda x: L(tuple(x))),
            st.tuples(small, small).map(lambda p: R(*p)),
            st.tuples(small, small, small).map(lambda p: Rs(*p)),
            st.just(A),
            st.just(N),
            any_tensors().map(M),
        ),
        max_size=4,
    )


SCALARS = st.one_of(
    st.integers(-300, 300),
    st.floats(allow_nan=True),
    st.booleans(),
    st.complex_numbers(max_magnitude=10),
)
INTS = st.lists(st.integers(-4, 4), max_size=4).map(tuple)
AXES = st.none() | st.integers(-4, 4)
MODE_NAMES = st.sampled_from([*MODES, "bogus"])

CALLS = {
    "get": lambda d: (d(INTS), d(any_tensors())),
    "set": lambda d: (d(INTS), d(any_tensors()), d(any_tensors())),
    "slice": lambda d: (d(any_specs()), d(any_tensors())),
    "set_slice": lambda d: (d(any_specs()), d(any_tensors()), d(any_tensors())),
    "item": lambda d: (d(INTS), d(any_tensors())),
    "set_item": lambda d: (d(INTS), d(SCALARS), d(any_tensors())),
    "take": lambda d: (
        d(any_tensors()),
        d(any_tensors()),
        {"axis": d(AXES), "mode": d(MODE_NAMES)},
    ),
    "take_along_axis": lambda d: (
        d(any_tensors()),
        d(any_tensors()),
        {"axis": d(st.integers(-4, 4))},
    ),
    "put": lambda d: (
        d(any_tensors()),
        {
            "indices": d(any_tensors()),
            "values": d(any_tensors()),
            "axis": d(AXES),
            "mode": d(MODE_NAMES),
        },
    ),
    "put_along_axis": lambda d: (
        d(any_tensors()),
        {"axis": d(st.integers(-4, 4)), "indices": d(any_tensors()), "values": d(any_tensors())},
    ),
    "compress": lambda d: (d(any_tensors()), {"condition": d(any_tensors()), "axis": d(AXES)}),
    "extract": lambda d: (d(any_tensors()), {"condition": d(any_tensors())}),
    "nonzero": lambda d: (d(any_tensors()),),
    "argwhere": lambda d: (d(any_tensors()),),
    "cast": lambda d: (d(st.sampled_from(dtypes.DTYPES)), d(any_tensors())),
    "astype": lambda d: (d(st.sampled_from(dtypes.DTYPES)), d(any_tensors())),
    "contiguous": lambda d: (d(any_tensors()),),
    "copy": lambda d: (d(any_tensors()),),
    "blit": lambda d: (d(any_tensors()), d(any_tensors())),
    "fill": lambda d: (d(SCALARS), d(any_tensors())),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@SETTINGS
@given(data=st.data())
def test_every_op_refuses_bad_arguments_only_with_documented_errors(name, data):
    arguments = CALLS[name](data.draw)
    kwargs = arguments[-1] if isinstance(arguments[-1], dict) else {}
    positional = arguments[:-1] if kwargs else arguments
    with contextlib.suppress(NxError):
        nx(name, *positional, **kwargs)
