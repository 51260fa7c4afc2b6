"""The reference's view algebra (Shape Manipulation, Array Combination and Splitting)
against NumPy as an independent oracle.

- `reshape_strides` finds a strided view exactly when NumPy's reshape needs no copy, and
  the view it finds reads NumPy's values.
- Random chains of transpose / flip / shrink / reshape / broadcast_to / expand_dims /
  squeeze give NumPy's values, share storage exactly when NumPy's results share memory,
  and lay the elements out as NumPy does (strides of non-trivial dimensions, offset).
- Every op of the two sections, given random and often invalid arguments, returns or
  raises a documented error kind (`reference.errors.NxError`), never anything else.
"""

from __future__ import annotations

from math import prod

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.lib.stride_tricks import as_strided

import reference
from reference import dtypes, ocaml
from reference.errors import InvalidArgument, NxError
from reference.reshaping import reshape_strides
from reference.tensor import Tensor

nonzero_shapes = st.lists(st.integers(1, 4), max_size=4).map(tuple)


def nx(op: str, *args, **kwargs):
    return reference.call("nx", op, *args, **kwargs)


def element_strides(a: np.ndarray) -> tuple[int, ...]:
    return tuple(s // a.itemsize for s in a.strides)


def element_offset(a: np.ndarray, base: np.ndarray) -> int:
    """Where `a`'s first element sits in `base`, in elements."""
    return (a.__array_interface__["data"][0] - base.__array_interface__["data"][0]) // a.itemsize


@st.composite
def factorisations(draw, numel: int) -> tuple[int, ...]:
    """A random shape with `numel` elements (ones sprinkled in)."""
    if numel == 0:
        rest = draw(st.lists(st.integers(0, 4), max_size=3))
        return tuple(draw(st.permutations([0, *rest])))
    factors, left = [], numel
    for p in (2, 3, 5, 7):
        while left % p == 0:
            factors.append(p)
            left //= p
    factors += [left] if left > 1 else []
    groups = draw(
        st.lists(
            st.integers(0, max(len(factors) - 1, 0)), min_size=len(factors), max_size=len(factors)
        )
    )
    merged = [1] * (max(groups, default=0) + 1)
    for factor, group in zip(factors, groups, strict=True):
        merged[group] *= factor
    ones = draw(st.integers(0, 2))
    return tuple(draw(st.permutations(merged + [1] * ones)))


@st.composite
def strided_arrays(draw) -> tuple[np.ndarray, np.ndarray]:
    """(base, a): `a` a view of the 1-D `base` made by slicing with steps and transposing."""
    shape = draw(st.lists(st.integers(1, 5), max_size=4).map(tuple))
    base = np.arange(prod(shape), dtype=np.int32)
    a = base.reshape(shape)
    index = tuple(
        slice(
            *draw(
                st.sampled_from(
                    [
                        (None, None, 1),
                        (None, None, -1),
                        (1, None, 1),
                        (None, None, 2),
                        (None, None, -2),
                        (0, 1, 1),
                    ]
                )
            )
        )
        for _ in shape
    )
    a = a[index] if index else a  # indexing a 0-d array with () would give a NumPy scalar
    a = a.transpose(draw(st.permutations(range(a.ndim))))
    return base, a


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_reshape_strides_finds_a_view_exactly_when_numpy_does_not_copy(data):
    base, a = data.draw(strided_arrays())
    new_shape = data.draw(factorisations(a.size))
    strides = reshape_strides(a.shape, element_strides(a), new_shape)
    try:
        numpy_view = a.reshape(new_shape, copy=False)
    except ValueError:
        numpy_view = None
    assert (strides is None) == (numpy_view is None), (a.shape, a.strides, new_shape)
    if strides is not None:
        ours = as_strided(
            base[element_offset(a, base) :], new_shape, tuple(s * base.itemsize for s in strides)
        )
        np.testing.assert_array_equal(ours, a.reshape(new_shape))


def test_reshape_strides_documented_special_cases():
    # all-zero-stride broadcast layouts stay zero (nx_core_view.txt, View.reshape)
    assert reshape_strides((3, 4), (0, 0), (2, 6)) == (0, 0)
    # zero-size shapes are always representable, with the zero-size C strides (nx_core_shape.txt)
    assert reshape_strides((0, 3), (7, -2), (3, 0)) == (0, 0)
    assert reshape_strides((0, 3), (7, -2), (3, 0, 2)) == (0, 0, 1)
    # size-1 dimensions take any stride
    assert reshape_strides((3, 1), (1, 99), (3,)) == (1,)
    # a different number of elements is not a view of the same elements
    assert reshape_strides((2, 3), (3, 1), (5,)) is None


# --- Chains of view operations -------------------------------------------------------------

# A step takes (data, a NumPy array) and returns (NumPy's result, the reference op's name,
# its positional args with the tensor marked by `T`, its keyword args).
T = object()


def _transpose(data, a):
    axes = tuple(data.draw(st.permutations(range(a.ndim))))
    return a.transpose(axes), "transpose", (T,), {"axes": axes}


def _flip(data, a):
    axes = tuple(data.draw(st.lists(st.integers(0, a.ndim - 1), unique=True))) if a.ndim else ()
    index = tuple(slice(None, None, -1 if axis in axes else 1) for axis in range(a.ndim))
    return a[index or ...], "flip", (T,), {"axes": axes}


def _shrink(data, a):
    # READINGS R52 accepts an empty range as a zero-size dimension or a refusal; the reference
    # refuses it unless every range is its whole dimension, so only non-empty ranges are drawn.
    ranges = [(0, size) for size in a.shape]
    if 0 not in a.shape:
        ranges = []
        for size in a.shape:
            start = data.draw(st.integers(0, size - 1))
            ranges.append((start, data.draw(st.integers(start + 1, size))))
    result = a[tuple(slice(s, e) for s, e in ranges) or ...]
    return result, "shrink", (tuple(ranges), T), {}


def _reshape(data, a):
    new_shape = data.draw(factorisations(a.size))
    return a.reshape(new_shape), "reshape", (new_shape, T), {}


def _broadcast_to(data, a):
    grown = tuple(data.draw(st.integers(0, 3)) if size == 1 else size for size in a.shape)
    shape = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2))) + grown
    return np.broadcast_to(a, shape), "broadcast_to", (shape, T), {}


def _expand_dims(data, a):
    axis = data.draw(st.integers(-a.ndim - 1, a.ndim))
    return np.expand_dims(a, axis), "expand_dims", ((axis,), T), {}


def _squeeze(data, a):
    return np.squeeze(a), "squeeze", (T,), {}


STEPS = [_transpose, _flip, _shrink, _reshape, _broadcast_to, _expand_dims, _squeeze]


def assert_same_layout(ours: Tensor, theirs: np.ndarray, base: np.ndarray) -> None:
    """A view over `base` with the strides of every dimension longer than 1 and the
    offset that NumPy gives it."""
    for size, mine, numpy_stride in zip(
        ours.shape, ours.strides, element_strides(theirs), strict=True
    ):
        if size > 1:
            assert mine == numpy_stride, (ours.view, theirs.strides)
    assert ours.offset == element_offset(theirs, base)


@settings(max_examples=100, deadline=None)
@given(shape=nonzero_shapes, data=st.data())
def test_chains_of_view_ops_match_numpy_values_sharing_and_layout(shape, data):
    base = np.arange(prod(shape), dtype=np.int32)
    theirs = base.reshape(shape)
    source = Tensor.from_values(base, dtypes.INT32)
    ours = nx("reshape", shape, source)
    for _ in range(data.draw(st.integers(1, 5))):
        step = data.draw(st.sampled_from(STEPS))
        theirs, op, args, kwargs = step(data, theirs)
        ours = nx(op, *(ours if a is T else a for a in args), **kwargs)
        np.testing.assert_array_equal(ours.values(), theirs, err_msg=op)
        # NumPy cannot tell whether an empty array shares memory: compare the others.
        if theirs.size:
            shared = np.shares_memory(theirs, base)
            assert ours.shares_storage(source) == shared, op
            if shared:
                assert_same_layout(ours, theirs, base)


@settings(max_examples=60, deadline=None)
@given(base=strided_arrays())
def test_ravel_is_a_view_of_contiguous_tensors_and_a_contiguous_copy_otherwise(base):
    flat, a = base
    source = Tensor.from_values(flat, dtypes.INT32)
    t = nx("as_strided", a.shape, element_strides(a), source, offset=element_offset(a, flat))
    if a.ndim == 0:  # READINGS R46 (either accepted): the reference refuses a 0-d tensor
        with pytest.raises(InvalidArgument):
            nx("ravel", t)
        return
    raveled = nx("ravel", t)
    np.testing.assert_array_equal(raveled.values(), np.ravel(a))
    assert raveled.is_c_contiguous()
    if a.size > 1:
        assert raveled.shares_storage(source) == a.flags.c_contiguous


# --- Copies -------------------------------------------------------------------------------

COPIES = {
    "pad": lambda t: nx("pad", tuple((1, 0) for _ in t.shape), 0, t),
    "tile": lambda t: nx("tile", (2,) * t.ndim, t),
    "repeat": lambda t: nx("repeat", 2, t),
    "roll": lambda t: nx("roll", 1, t),
    "concatenate": lambda t: nx("concatenate", [t, t]),
    "stack": lambda t: nx("stack", [t]),
    "vstack": lambda t: nx("vstack", [t]),
    "hstack": lambda t: nx("hstack", [t]),
    "dstack": lambda t: nx("dstack", [t]),
}
# The copies made of the flattened tensor, which the reference refuses for a 0-d tensor (READINGS
# R46 accepts that or one element).
FLATTENING = {"repeat", "roll", "concatenate"}
NUMPY_COPIES = {
    "pad": lambda a: np.pad(a, [(1, 0)] * a.ndim) if a.ndim else a.copy(),
    "tile": lambda a: np.tile(a, (2,) * a.ndim),
    "repeat": lambda a: np.repeat(a, 2),
    "roll": lambda a: np.roll(a, 1),
    "concatenate": lambda a: np.concatenate([a.reshape(-1), a.reshape(-1)]),
    "stack": lambda a: np.stack([a]),
    "vstack": lambda a: np.vstack([a]),
    "hstack": lambda a: np.hstack([a]),
    "dstack": lambda a: np.dstack([a]),
}


@settings(max_examples=40, deadline=None)
@given(base=strided_arrays(), op=st.sampled_from(sorted(COPIES)))
def test_copying_ops_give_numpys_values_in_a_new_contiguous_buffer(base, op):
    flat, a = base
    source = Tensor.from_values(flat, dtypes.INT32)
    t = nx("as_strided", a.shape, element_strides(a), source, offset=element_offset(a, flat))
    if a.ndim == 0 and op in FLATTENING:  # READINGS R46: the reference's refusal
        with pytest.raises(InvalidArgument):
            COPIES[op](t)
        return
    result = COPIES[op](t)
    np.testing.assert_array_equal(result.values(), NUMPY_COPIES[op](a))
    assert not result.shares_storage(source) and result.is_c_contiguous()


# --- Robustness: only documented error kinds ----------------------------------------------

small = st.integers(-5, 5)
int_lists = st.lists(small, max_size=4).map(tuple)
pairs = st.lists(st.tuples(small, small), max_size=4).map(tuple)
scalars = st.one_of(
    st.integers(-300, 300),
    st.floats(allow_nan=True),
    st.booleans(),
    st.complex_numbers(max_magnitude=10),
)
DTYPES = [dtypes.INT32, dtypes.FLOAT32, dtypes.BOOL, dtypes.COMPLEX64, dtypes.INT4, dtypes.BFLOAT16]


@st.composite
def tensors(draw) -> Tensor:
    dtype = draw(st.sampled_from(DTYPES))
    shape = draw(st.lists(st.integers(0, 3), max_size=3).map(tuple))
    t = Tensor.from_values(np.arange(prod(shape)) % 3, dtype, shape)
    layout = draw(st.sampled_from(["fresh", "transpose", "flip", "broadcast"]))
    if layout == "transpose":
        return nx("transpose", t)
    if layout == "flip":
        return nx("flip", t)
    if layout == "broadcast":
        return nx("broadcast_to", (2, *t.shape), t)
    return t


tensor_lists = st.lists(tensors(), max_size=3)
maybe_ints = st.none() | int_lists
maybe_int = st.none() | small
# Well-typed, as OCaml's types guarantee: `Count of int | `Indices of int list.
sections = st.builds(ocaml.Variant, st.just("Count"), small) | st.builds(
    ocaml.Variant, st.just("Indices"), int_lists
)

# One strategy per op: (positional args, keyword args), in the documented signature.
CALLS = {
    "reshape": st.tuples(st.tuples(int_lists, tensors()), st.just({})),
    "broadcast_to": st.tuples(st.tuples(int_lists, tensors()), st.just({})),
    "expand": st.tuples(st.tuples(int_lists, tensors()), st.just({})),
    "broadcasted": st.tuples(
        st.tuples(tensors(), tensors()), st.fixed_dictionaries({"reverse": st.booleans()})
    ),
    "flatten": st.tuples(
        st.tuples(tensors()), st.fixed_dictionaries({"start_dim": small, "end_dim": small})
    ),
    "unflatten": st.tuples(st.tuples(small, int_lists, tensors()), st.just({})),
    "ravel": st.tuples(st.tuples(tensors()), st.just({})),
    "squeeze": st.tuples(st.tuples(tensors()), st.fixed_dictionaries({"axes": maybe_ints})),
    "unsqueeze": st.tuples(st.tuples(tensors()), st.fixed_dictionaries({"axes": maybe_ints})),
    "squeeze_axis": st.tuples(st.tuples(small, tensors()), st.just({})),
    "unsqueeze_axis": st.tuples(st.tuples(small, tensors()), st.just({})),
    "expand_dims": st.tuples(st.tuples(int_lists, tensors()), st.just({})),
    "transpose": st.tuples(st.tuples(tensors()), st.fixed_dictionaries({"axes": maybe_ints})),
    "flip": st.tuples(st.tuples(tensors()), st.fixed_dictionaries({"axes": maybe_ints})),
    "as_strided": st.tuples(
        st.tuples(int_lists, int_lists, tensors()), st.fixed_dictionaries({"offset": small})
    ),
    "moveaxis": st.tuples(st.tuples(small, small, tensors()), st.just({})),
    "swapaxes": st.tuples(st.tuples(small, small, tensors()), st.just({})),
    "roll": st.tuples(
        st.tuples(st.integers(-(2**70), 2**70), tensors()),
        st.fixed_dictionaries({"axis": maybe_int}),
    ),
    "pad": st.tuples(st.tuples(pairs, scalars, tensors()), st.just({})),
    "shrink": st.tuples(st.tuples(pairs, tensors()), st.just({})),
    "tile": st.tuples(st.tuples(int_lists, tensors()), st.just({})),
    "repeat": st.tuples(st.tuples(small, tensors()), st.fixed_dictionaries({"axis": maybe_int})),
    "concatenate": st.tuples(st.tuples(tensor_lists), st.fixed_dictionaries({"axis": maybe_int})),
    "stack": st.tuples(st.tuples(tensor_lists), st.fixed_dictionaries({"axis": small})),
    "vstack": st.tuples(st.tuples(tensor_lists), st.just({})),
    "hstack": st.tuples(st.tuples(tensor_lists), st.just({})),
    "dstack": st.tuples(st.tuples(tensor_lists), st.just({})),
    "broadcast_arrays": st.tuples(st.tuples(tensor_lists), st.just({})),
    "array_split": st.tuples(
        st.tuples(sections, tensors()), st.fixed_dictionaries({"axis": small})
    ),
    "split": st.tuples(st.tuples(small, tensors()), st.fixed_dictionaries({"axis": small})),
}


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_every_op_returns_or_raises_a_documented_error_kind(data):
    op = data.draw(st.sampled_from(sorted(CALLS)))
    args, kwargs = data.draw(CALLS[op])
    try:
        result = nx(op, *args, **kwargs)
    except NxError:
        return
    outputs = result if isinstance(result, tuple | list) else [result]
    for out in outputs:
        out.values()  # every result can be read, through its strides, inside its buffer
