"""The `view`, `shape` and `arraymancer` namespaces of the reference against NumPy.

A view is checked through the buffer positions it reads: a NumPy `as_strided` array over
`arange(n)` holds, at every index, its own buffer address, so NumPy's transpose,
broadcast_to, slicing, reshape and pad of that array say where each element of the
transformed view must live. Shape's index conversions and broadcasting are checked
against `ravel_multi_index`, `unravel_index` and `broadcast_shapes`. Finally every op of
the three namespaces is called on random, mostly invalid, well-typed arguments: it must
answer or raise one of the documented OCaml kinds (`NxError`), nothing else.
"""

from __future__ import annotations

import contextlib
from itertools import product
from math import prod

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from numpy.lib.stride_tricks import as_strided

from reference import dtypes, registry
from reference.errors import NxError
from reference.layout import View
from reference.tensor import Tensor

registry.load_all()
FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fn(namespace: str, name: str):
    return registry.lookup(namespace, name).function


# --- Views and their NumPy twins ------------------------------------------------------------


@st.composite
def views(draw, min_rank: int = 0, max_rank: int = 4, max_dim: int = 4,
          allow_zero: bool = True) -> View:
    """An unmasked view whose every element lies in [0, n): strides of any sign, zeros
    included, and an offset that keeps the lowest position at 0 or above."""
    rank = draw(st.integers(min_rank, max_rank))
    shape = tuple(draw(st.lists(st.integers(0 if allow_zero else 1, max_dim),
                                min_size=rank, max_size=rank)))
    strides = tuple(draw(st.lists(st.integers(-12, 12), min_size=rank, max_size=rank)))
    low = sum(min(0, (d - 1) * s) for d, s in zip(shape, strides, strict=True) if d)
    return View(shape, strides, -low + draw(st.integers(0, 3)), None)


def addresses(v: View) -> np.ndarray:
    """The buffer position of every element of `v`, by NumPy's striding of arange."""
    if 0 in v.shape:
        return np.zeros(v.shape, dtype=np.int64)
    high = v.buffer_extent()[1]
    buffer = np.arange(high + 1, dtype=np.int64)
    return as_strided(buffer[v.offset:], shape=v.shape,
                      strides=tuple(8 * s for s in v.strides), writeable=False)


def positions(v: View) -> np.ndarray:
    """The buffer position of every element of `v`, by `View.linear_index`."""
    linear_index = fn("view", "linear_index")
    out = np.zeros(v.shape, dtype=np.int64)
    for idx in product(*(range(d) for d in v.shape)):
        out[idx] = linear_index(v, idx)
    return out


@FAST
@given(views())
def test_linear_index_is_numpys_striding(v):
    assert np.array_equal(positions(v), addresses(v))


@FAST
@given(views(), st.data())
def test_permute_is_numpy_transpose(v, data):
    axes = tuple(data.draw(st.permutations(range(v.ndim))))
    permuted = fn("view", "permute")(v, axes)
    assert np.array_equal(positions(permuted), np.transpose(addresses(v), axes))


@FAST
@given(views(allow_zero=False), st.data())
def test_expand_is_numpy_broadcast_to_at_the_same_rank(v, data):
    # Documented difference: View.expand adds no leading dimension (a scalar aside).
    new_shape = tuple(data.draw(st.integers(0, 4)) if d == 1 else d for d in v.shape)
    expanded = fn("view", "expand")(v, new_shape)
    assert expanded.shape == new_shape
    assert np.array_equal(positions(expanded), np.broadcast_to(addresses(v), new_shape))


@FAST
@given(views(allow_zero=False), st.data())
def test_shrink_is_numpy_slicing(v, data):
    bounds = []
    for size in v.shape:
        start = data.draw(st.integers(0, size - 1))
        bounds.append((start, data.draw(st.integers(start + 1, size))))
    shrunk = fn("view", "shrink")(v, tuple(bounds))
    window = addresses(v)[tuple(slice(s, e) for s, e in bounds)]
    assert np.array_equal(positions(shrunk), window)


def numpy_keeps_a_view(a: np.ndarray, new_shape: tuple[int, ...]) -> bool:
    """NumPy refuses to assign `shape` in place exactly when a reshape must copy."""
    b = a.view()
    try:
        b.shape = new_shape
    except AttributeError:
        return False
    return True


@st.composite
def factorisations(draw, n: int) -> tuple[int, ...]:
    """A shape of `n` elements (with some singleton dimensions)."""
    dims = []
    while n > 1:
        divisors = [d for d in range(2, n + 1) if n % d == 0]
        d = draw(st.sampled_from(divisors))
        dims.append(d)
        n //= d
    dims += [1] * draw(st.integers(0, 2))
    return tuple(draw(st.permutations(dims)))


@FAST
@given(views(allow_zero=False), st.data())
def test_reshape_is_a_view_exactly_when_numpy_keeps_one(v, data):
    new_shape = data.draw(factorisations(v.numel))
    a = addresses(v)
    try:
        reshaped = fn("view", "reshape")(v, new_shape)
    except NxError:
        assert not numpy_keeps_a_view(a, new_shape)
        return
    assert numpy_keeps_a_view(a, new_shape)
    assert np.array_equal(positions(reshaped), a.reshape(new_shape))


@FAST
@given(views(allow_zero=False, min_rank=1, max_rank=3), st.data())
def test_pad_keeps_the_data_in_place_and_masks_exactly_numpys_padding(v, data):
    padding = tuple((data.draw(st.integers(0, 2)), data.draw(st.integers(0, 2)))
                    for _ in v.shape)
    padded = fn("view", "pad")(v, padding)
    is_valid = fn("view", "is_valid")
    valid = np.pad(np.ones(v.shape, dtype=bool), padding)
    where = np.pad(addresses(v), padding)
    got_valid = np.zeros(padded.shape, dtype=bool)
    for idx in product(*(range(d) for d in padded.shape)):
        got_valid[idx] = is_valid(padded, idx)
    assert np.array_equal(got_valid, valid)
    assert np.array_equal(positions(padded)[valid], where[valid])


# --- Shape ----------------------------------------------------------------------------------

shapes = st.lists(st.integers(0, 5), max_size=4).map(tuple)


@FAST
@given(shapes.filter(lambda s: prod(s) > 0), st.data())
def test_ravel_and_unravel_are_numpys(shape, data):
    k = data.draw(st.integers(0, prod(shape) - 1))
    index = fn("shape", "unravel_index")(k, shape)
    assert index == tuple(int(i) for i in np.unravel_index(k, shape))
    strides = fn("shape", "c_contiguous_strides")(shape)
    assert fn("shape", "ravel_index")(index, strides) == np.ravel_multi_index(index, shape)


@FAST
@given(shapes, st.integers(-3, 200))
def test_unravel_refuses_exactly_what_numpy_refuses(shape, k):
    # Documented difference: a zero-size shape (and the empty shape) accepts k = 0.
    numpy_accepts = 0 <= k < max(prod(shape), 1)
    try:
        fn("shape", "unravel_index")(k, shape)
    except NxError:
        assert not numpy_accepts
    else:
        assert numpy_accepts


@FAST
@given(shapes, shapes)
def test_broadcast_is_numpy_broadcast_shapes(a, b):
    try:
        expected = np.broadcast_shapes(a, b)
    except ValueError:
        with pytest.raises(NxError):
            fn("shape", "broadcast")(a, b)
    else:
        assert fn("shape", "broadcast")(a, b) == expected


@FAST
@given(shapes, st.data())
def test_broadcast_index_reads_what_numpy_broadcast_to_reads(source, data):
    target = data.draw(st.lists(st.integers(1, 4), min_size=len(source),
                                max_size=len(source) + 2).map(tuple))
    target = target[: len(target) - len(source)] + tuple(
        t if d == 1 else d for t, d in zip(target[len(target) - len(source):], source,
                                           strict=True))
    assume(prod(target) > 0)
    labels = np.arange(prod(source)).reshape(source)
    spread = np.broadcast_to(labels, target)
    idx = tuple(data.draw(st.integers(0, d - 1)) for d in target)
    got = fn("shape", "broadcast_index")(idx, source)
    assert labels[got] == spread[idx]


# --- Robustness: only documented kinds escape --------------------------------------------

small = st.integers(-3, 5)
int_arrays = st.lists(small, max_size=4).map(tuple)
pairs = st.lists(st.tuples(small, small), max_size=4).map(tuple)
masks = st.none() | pairs


@st.composite
def any_views(draw) -> View:
    """Views of every kind: consistent or not, masked or not, negative sizes included."""
    return View(draw(int_arrays), draw(int_arrays), draw(small), draw(masks))


@st.composite
def tensors(draw) -> Tensor:
    dtype = draw(st.sampled_from([dtypes.INT32, dtypes.FLOAT64, dtypes.BOOL, dtypes.COMPLEX32]))
    shape = tuple(draw(st.lists(st.integers(0, 3), max_size=3)))
    t = Tensor.from_values(np.ones(shape), dtype)
    if t.ndim > 1 and draw(st.booleans()):
        t = fn("arraymancer", "transpose")(t)
    return t


tensor_lists = st.lists(tensors(), max_size=3)
scalars = st.integers(-(2**70), 2**70) | st.floats(allow_nan=True) | st.booleans()

ARGUMENTS = {
    "view.create": st.tuples(st.tuples(int_arrays), st.fixed_dictionaries(
            {}, optional={"offset": small, "strides": int_arrays, "mask": pairs})),
    **{f"view.{name}": st.tuples(any_views()).map(lambda a: (a, {}))
       for name in ("shape", "strides", "offset", "ndim", "numel", "mask", "strides_opt")},
    "view.dim": st.tuples(small, any_views()).map(lambda a: (a, {})),
    "view.stride": st.tuples(small, any_views()).map(lambda a: (a, {})),
    "view.linear_index": st.tuples(any_views(), int_arrays).map(lambda a: (a, {})),
    "view.is_valid": st.tuples(any_views(), int_arrays).map(lambda a: (a, {})),
    "view.reshape": st.tuples(any_views(), int_arrays).map(lambda a: (a, {})),
    "view.expand": st.tuples(any_views(), int_arrays).map(lambda a: (a, {})),
    "view.permute": st.tuples(any_views(), int_arrays).map(lambda a: (a, {})),
    "view.shrink": st.tuples(any_views(), pairs).map(lambda a: (a, {})),
    "view.pad": st.tuples(any_views(), pairs).map(lambda a: (a, {})),
    "shape.numel": st.tuples(int_arrays).map(lambda a: (a, {})),
    "shape.c_contiguous_strides": st.tuples(int_arrays).map(lambda a: (a, {})),
    "shape.ravel_index": st.tuples(int_arrays, int_arrays).map(lambda a: (a, {})),
    "shape.unravel_index": st.tuples(st.integers(-3, 30), int_arrays).map(lambda a: (a, {})),
    "shape.unravel_index_into": st.tuples(
        st.integers(-3, 30), int_arrays, st.lists(small, max_size=4)).map(lambda a: (a, {})),
    "shape.resolve_neg_one": st.tuples(int_arrays, int_arrays).map(lambda a: (a, {})),
    "shape.broadcast": st.tuples(int_arrays, int_arrays).map(lambda a: (a, {})),
    "shape.broadcast_index": st.tuples(int_arrays, int_arrays).map(lambda a: (a, {})),
    "shape.broadcast_index_into": st.tuples(
        int_arrays, int_arrays, st.lists(small, max_size=4)).map(lambda a: (a, {})),
    "shape.to_string": st.tuples(int_arrays).map(lambda a: (a, {})),
    "shape.pp": st.tuples(st.sampled_from(["std_formatter", "err_formatter", "nope"]),
                          int_arrays).map(lambda a: (a, {})),
    "arraymancer.transpose": st.tuples(tensors()).map(lambda a: (a, {})),
    "arraymancer.asContiguous": st.tuples(st.tuples(tensors()), st.fixed_dictionaries(
            {}, optional={"layout": st.sampled_from(["rowMajor", "colMajor", "diagonal"]),
                          "force": st.booleans()})),
    "arraymancer.reshape": st.tuples(tensors(), int_arrays).map(lambda a: (a, {})),
    "arraymancer.broadcast": st.tuples(tensors() | scalars, int_arrays).map(lambda a: (a, {})),
    "arraymancer.bc": st.tuples(tensors() | scalars, int_arrays).map(lambda a: (a, {})),
    "arraymancer.broadcast2": st.tuples(tensors(), tensors()).map(lambda a: (a, {})),
    "arraymancer.permute": st.tuples(tensors(), int_arrays).map(lambda a: (a, {})),
    "arraymancer.concat": st.tuples(tensor_lists, small).map(lambda a: (a, {})),
    "arraymancer.squeeze": st.tuples(tensors()).map(lambda a: (a, {}))
    | st.tuples(tensors(), small).map(lambda a: (a, {})),
    "arraymancer.unsqueeze": st.tuples(tensors(), small).map(lambda a: (a, {})),
    "arraymancer.stack": st.tuples(st.tuples(tensor_lists),
                                   st.fixed_dictionaries({}, optional={"axis": small})),
}


def test_every_op_of_the_three_namespaces_is_fuzzed():
    ops = {key for key, o in registry.registered().items()
           if o.namespace in ("view", "shape", "arraymancer")}
    assert ops == set(ARGUMENTS)


@pytest.mark.parametrize("key", sorted(ARGUMENTS))
def test_random_arguments_raise_only_documented_kinds(key):
    namespace, name = key.split(".")
    function = fn(namespace, name)

    @settings(max_examples=30, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(ARGUMENTS[key])
    def call(drawn):
        args, kwargs = drawn
        with contextlib.suppress(NxError):  # a documented refusal; anything else fails
            function(*args, **kwargs)

    with np.errstate(all="raise"):
        call()
