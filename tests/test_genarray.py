"""The reference's Bigarray (bigarray_genarray.txt) and Nx's Bigarray interop (nx.txt) against NumPy.

The oracle reads a Bigarray's memory-order elements as a NumPy array of its dimensions in
its layout's order (`order="C"` or `"F"`), with coordinates shifted to start at 0:
- `get` reads that array, `set` / `fill` / `blit` write it;
- `sub_left` / `sub_right` are NumPy slices of the outermost (slowest) axis and
  `slice_left` / `slice_right` NumPy indexing of the first / last axes, and they share
  memory with their parent exactly as those NumPy views do;
- `change_layout` to the other layout is NumPy's transpose over the same memory;
- every misuse (bounds, ranks, layouts) raises a documented error kind and nothing else.
Interop: `to_bigarray` is a row-major copy of any tensor (strided, offset, transposed),
`of_bigarray` a view, `data` the tensor's buffer itself.
"""

from __future__ import annotations

import contextlib
from math import prod

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference
from adapters.values import GENARRAY_KINDS
from reference import dtypes
from reference.errors import Failure, InvalidArgument, NxError
from reference.genarray.bigarray import KIND_OF_DTYPE, KINDS, Bigarray
from tests.strided_tensors import LAYOUTS, SETTINGS, laid_out

STANDARD = sorted(name for name, kind in KINDS.items() if kind.standard)


def genarray(op: str, *args):
    return reference.call("genarray", op, *args)


def logical(a: Bigarray) -> np.ndarray:
    """The oracle: `a`'s elements as a NumPy view of its dims (coordinates from 0)."""
    return a.data.reshape(a.dims, order="C" if a.is_c else "F")


@st.composite
def bigarrays(draw, layout: str | None = None, min_dims: int = 0) -> Bigarray:
    kind = KINDS[draw(st.sampled_from(STANDARD))]
    layout = layout or draw(st.sampled_from(("c_layout", "fortran_layout")))
    dims = tuple(draw(st.lists(st.integers(0, 4), min_size=min_dims, max_size=4)))
    values = np.arange(1, prod(dims) + 1) % 100
    return Bigarray(kind, layout, dims, dtypes.to_storage(values, kind.dtype).reshape(-1))


@given(bigarrays(), st.data())
@SETTINGS
def test_get_reads_the_layouts_memory_order(a, data):
    index = tuple(data.draw(st.integers(-1, d + 1)) for d in a.dims)
    zero_based = tuple(i - a.origin for i in index)
    if all(0 <= i < d for i, d in zip(zero_based, a.dims, strict=True)):
        assert genarray("get", a, index) == a.kind.ocaml_type(logical(a)[zero_based])
    else:
        with pytest.raises(InvalidArgument):
            genarray("get", a, index)


@given(bigarrays(min_dims=1), st.data())
@SETTINGS
def test_set_writes_the_element_get_reads(a, data):
    zero_based = tuple(data.draw(st.integers(0, max(d - 1, 0))) for d in a.dims)
    value = a.kind.ocaml_type(7)
    if 0 in a.dims:
        with pytest.raises(InvalidArgument):
            genarray("set", a, tuple(i + a.origin for i in zero_based), value)
        return
    genarray("set", a, tuple(i + a.origin for i in zero_based), value)
    assert logical(a)[zero_based] == value
    assert np.count_nonzero(logical(a) == value) >= 1


def _expect_view(result: Bigarray, parent: Bigarray, oracle: np.ndarray) -> None:
    assert result.dims == oracle.shape
    np.testing.assert_array_equal(logical(result), oracle)
    if oracle.size:
        assert np.shares_memory(result.data, parent.data)


@given(bigarrays(), st.data())
@SETTINGS
def test_sub_is_a_slice_of_the_outermost_axis(a, data):
    op = "sub_left" if a.is_c else "sub_right"
    outer = 0 if a.is_c else len(a.dims) - 1
    size = a.dims[outer] if a.dims else 0
    ofs = data.draw(st.integers(a.origin - 1, a.origin + size + 1))
    length = data.draw(st.integers(-1, size + 1))
    start = ofs - a.origin
    if not a.dims or start < 0 or length < 0 or start + length > size:
        with pytest.raises(InvalidArgument):
            genarray(op, a, ofs, length)
        return
    axes = [slice(None)] * len(a.dims)
    axes[outer] = slice(start, start + length)
    _expect_view(genarray(op, a, ofs, length), a, logical(a)[tuple(axes)])


@given(bigarrays(), st.data())
@SETTINGS
def test_slice_is_numpy_indexing_of_the_outer_axes(a, data):
    op = "slice_left" if a.is_c else "slice_right"
    n = len(a.dims)
    m = data.draw(st.integers(0, n + 1))
    # The dimensions the M coordinates fix (when M > N, any M coordinates will do).
    fixed = (2,) * m if m > n else a.dims[:m] if a.is_c else a.dims[n - m :]
    index = tuple(data.draw(st.integers(a.origin - 1, a.origin + d)) for d in fixed)
    zero_based = tuple(i - a.origin for i in index)
    inside = all(0 <= i < d for i, d in zip(zero_based, fixed, strict=True))
    if m >= n or not inside:
        with pytest.raises(InvalidArgument):
            genarray(op, a, index)
        return
    oracle = logical(a)[zero_based] if a.is_c else logical(a)[(..., *zero_based)]
    _expect_view(genarray(op, a, index), a, oracle)


@given(bigarrays())
@SETTINGS
def test_change_layout_is_a_transpose_over_the_same_memory(a):
    other = "fortran_layout" if a.is_c else "c_layout"
    changed = genarray("change_layout", a, other)
    assert changed.data is a.data and changed.layout == other
    np.testing.assert_array_equal(logical(changed), logical(a).T)
    assert genarray("change_layout", a, a.layout) is a


@given(bigarrays(), st.data())
@SETTINGS
def test_blit_and_fill_write_every_element(a, data):
    target = Bigarray(a.kind, a.layout, a.dims, np.zeros_like(a.data))
    genarray("blit", a, target)
    np.testing.assert_array_equal(target.data, a.data)
    genarray("fill", target, a.kind.ocaml_type(3))
    assert (target.data == dtypes.to_storage(np.asarray(3), a.kind.dtype)).all()
    other = data.draw(bigarrays(layout=a.layout))
    if other.dims != a.dims or other.kind is not a.kind:
        with pytest.raises(InvalidArgument):
            genarray("blit", a, other)


_INTS = st.integers(-3, 6)
_INDEX = st.lists(st.integers(-2, 5), max_size=5).map(tuple)
_SCALARS = st.one_of(st.integers(-300, 300), st.floats(allow_nan=False), st.booleans(),
                     st.complex_numbers(allow_nan=False))
_NAMES = st.sampled_from(("c_layout", "fortran_layout", "int32", "char", "bfloat16", "nope"))

# Each op's arguments after the array: the right OCaml types, any values.
_ARGUMENTS = {
    "num_dims": st.tuples(),
    "dims": st.tuples(),
    "size_in_bytes": st.tuples(),
    "nth_dim": st.tuples(_INTS),
    "change_layout": st.tuples(_NAMES),
    "get": st.tuples(_INDEX),
    "set": st.tuples(_INDEX, _SCALARS),
    "fill": st.tuples(_SCALARS),
    "sub_left": st.tuples(_INTS, _INTS),
    "sub_right": st.tuples(_INTS, _INTS),
    "slice_left": st.tuples(_INDEX),
    "slice_right": st.tuples(_INDEX),
    "blit": st.tuples(bigarrays()),
}


@given(bigarrays(), st.sampled_from(sorted(_ARGUMENTS)), st.data())
@SETTINGS
def test_misuse_raises_only_documented_kinds(a, op, data):
    with contextlib.suppress(NxError):
        genarray(op, a, *data.draw(_ARGUMENTS[op]))


@given(_NAMES, _NAMES, st.lists(st.integers(-1, 2), max_size=18).map(tuple))
@SETTINGS
def test_create_raises_only_documented_kinds(kind, layout, dims):
    try:
        a = genarray("create", kind, layout, dims)
    except NxError:
        return
    assert (a.kind.name, a.layout, a.dims) == (kind, layout, dims)


def test_the_codec_and_the_reference_agree_on_the_kinds():
    assert {name: kind.dtype.name for name, kind in KINDS.items()} == GENARRAY_KINDS
    assert {kind.dtype for kind in KIND_OF_DTYPE.values()} == set(dtypes.DTYPES)


# --- Nx interop -------------------------------------------------------------------------


@st.composite
def tensors(draw):
    dtype = draw(st.sampled_from(dtypes.DTYPES))
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=3)))
    values = dtypes.to_storage(np.arange(prod(shape)).reshape(shape) % 7, dtype)
    return laid_out(values, dtype, draw(st.sampled_from(LAYOUTS)))


@given(tensors())
@SETTINGS
def test_to_bigarray_ext_is_a_row_major_copy_and_of_bigarray_ext_a_view(t):
    ba = reference.call("nx", "to_bigarray_ext", t)
    assert (ba.layout, ba.dims, ba.kind.dtype) == ("c_layout", t.shape, t.dtype)
    np.testing.assert_array_equal(ba.data, t.values().reshape(-1))
    assert not np.shares_memory(ba.data, t.buffer)
    back = reference.call("nx", "of_bigarray_ext", ba)
    assert back.buffer is ba.data and back.shape == t.shape
    np.testing.assert_array_equal(back.values(), t.values())


@given(tensors())
@SETTINGS
def test_to_bigarray_takes_exactly_the_standard_kinds(t):
    if KIND_OF_DTYPE[t.dtype].standard:
        ba = reference.call("nx", "to_bigarray", t)
        np.testing.assert_array_equal(logical(ba), t.values())
    else:
        # "@raise Failure if tensor dtype is an extended type not supported by standard
        # Bigarray" (nx.mli:206)
        with pytest.raises(Failure):
            reference.call("nx", "to_bigarray", t)


@given(tensors())
@SETTINGS
def test_data_is_the_tensors_buffer(t):
    buffer = reference.call("nx", "data", t)
    assert buffer.data is t.buffer and buffer.dims == (t.buffer.size,)
    assert buffer.kind is KIND_OF_DTYPE[t.dtype]
