"""The Iteration and Mapping functions against NumPy's logical row-major order.

Every function must hand its OCaml function each element once, in the row-major order of
the tensor's logical indices, whatever the memory layout (transposed, flipped, spaced,
offset views). Functions that record what they receive (a list-building fold, an
appending `iter`) observe that order exactly; NumPy's `reshape(-1)` of the logical values
is the oracle. `map_item` / `map` results are checked against NumPy arithmetic rounded or
wrapped once into the dtype.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reference import dtypes
from reference.errors import InvalidArgument
from tests.strided_tensors import SETTINGS, exact, nx, same_values, shapes, tensors

PER_DTYPE = settings(SETTINGS, max_examples=10)  # 22 dtypes: keep the run short
FLOATS = [d for d in dtypes.DTYPES if d.is_float]


EVERY_DTYPE = pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)


def logical(t) -> list:
    return exact(t).reshape(-1).tolist()


def draw_tensor(data, dtype):
    """A tensor of a drawn shape (rank 0 to 3, sides 0 to 4) in a drawn memory layout."""
    return data.draw(tensors(dtype, data.draw(shapes())))


@EVERY_DTYPE
@PER_DTYPE
@given(data=st.data())
def test_item_functions_visit_elements_in_logical_row_major_order(dtype, data):
    t = draw_tensor(data, dtype)
    expected = logical(t)
    assert same_values(nx("fold_item", lambda acc, x: [*acc, x], [], t), expected)
    seen: list = []
    assert nx("iter_item", seen.append, t) is None
    assert same_values(seen, expected)


@EVERY_DTYPE
@PER_DTYPE
@given(data=st.data())
def test_tensor_functions_get_each_element_as_a_fresh_scalar_tensor(dtype, data):
    t = draw_tensor(data, dtype)
    expected = logical(t)

    def recorder(seen: list):
        def record(scalar):
            assert scalar.shape == () and scalar.dtype is dtype
            assert not scalar.shares_storage(t)
            seen.append(exact(scalar).item())
            return scalar
        return record

    mapped_seen: list = []
    mapped = nx("map", recorder(mapped_seen), t)
    assert mapped.shape == t.shape and mapped.dtype is dtype
    assert same_values(exact(mapped), exact(t))
    assert same_values(mapped_seen, expected)
    iter_seen: list = []
    assert nx("iter", recorder(iter_seen), t) is None
    assert same_values(iter_seen, expected)
    assert same_values(nx("fold", lambda acc, s: [*acc, exact(s).item()], [], t), expected)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: d.name)
@PER_DTYPE
@given(data=st.data())
def test_map_item_stores_f_of_each_element_once(dtype, data):
    t = draw_tensor(data, dtype)
    expected = dtypes.to_storage(exact(t) * 3.0, dtype)
    got = nx("map_item", lambda x: x * 3.0, t)
    assert got.shape == t.shape and got.dtype is dtype
    assert same_values(got.values(), expected)


@SETTINGS
@given(data=st.data())
def test_fold_item_is_a_left_fold(data):
    t = data.draw(tensors(dtypes.FLOAT64, data.draw(shapes()), exact_sums=True))
    digits = nx("fold_item", lambda acc, x: f"({acc}-{x})", "init", t)
    expected = "init"
    for x in logical(t):
        expected = f"({expected}-{x})"
    assert digits == expected


def test_map_refuses_a_result_that_is_not_one_element():
    t = nx("create", dtypes.FLOAT32, (2,), [1.0, 2.0])
    with pytest.raises(InvalidArgument, match="one-element"):
        nx("map", lambda s: nx("broadcast_to", (3,), s), t)


def test_map_item_refuses_a_result_of_another_element_type():
    t = nx("create", dtypes.INT32, (2,), [1, 2])
    with pytest.raises(InvalidArgument, match="int32 element"):
        nx("map_item", lambda x: x * 2.0, t)
