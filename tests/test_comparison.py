"""The reference's comparison and logical ops (nx.txt, "Comparison and Logical
Operations") against NumPy, on random shapes, broadcasting, strided inputs and every dtype.

The oracle is NumPy on the exact stored values (float64, complex128, Python ints). Where
the documented rule differs from NumPy's, the difference is written out here:

| documented rule (spec/READINGS.md)                          | NumPy does         |
|-------------------------------------------------------------|--------------------|
| comparisons, isnan/isinf/isfinite return uint8 0 / 1 (R105) | bool               |
| logical_and/or/xor: 0 / 1 in the operands' dtype (R108)     | bool               |
| logical_not x = 1 - x in x's dtype (5 gives -4) (R107)      | bool `not`         |
| isnan / isinf / isfinite of complex: 0 / 0 / 1 (R109)       | looks at the parts |
| array_equal broadcasts; incompatible shapes give 0          | needs equal shapes |
| where's condition is uint8, non-zero is true (R114)         | any truthy array   |

Where the documentation is silent on special values it names an operation whose IEEE 754
meaning NumPy implements, and the oracle is NumPy's: NaN is unordered in every ordered
comparison (cmple and cmpge included, R106), maximum and minimum propagate NaN whichever
operand holds it (IEEE 754-2019, R110), clamp is min(max(x, min), max) with them (R111),
and "Non-zero values are true" (nx.txt:1369) holds on float and complex dtypes (NaN true,
-0.0 false, R108). Complex values have no documented order (R113): the cases accept
NumPy's lexicographic order or a refusal, and the reference takes NumPy's order, which
these tests check. Nx 1.0.0~alpha1 differs on each of these (upstream findings).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes, registry
from reference.errors import InvalidArgument
from tests.strided_tensors import (
    SETTINGS,
    element_values,
    exact,
    laid_out,
    nx,
    same_values,
    shapes,
    tensors,
    wrap,
)

ALL = dtypes.DTYPES
COMPARISONS = {  # name: (synonym, scalar form, NumPy's relation)
    "cmplt": ("less", "less_s", np.less),
    "cmple": ("less_equal", "less_equal_s", np.less_equal),
    "cmpgt": ("greater", "greater_s", np.greater),
    "cmpge": ("greater_equal", "greater_equal_s", np.greater_equal),
    "cmpeq": ("equal", "equal_s", np.equal),
    "cmpne": ("not_equal", "not_equal_s", np.not_equal),
}


def broadcast_pair(data, dtype):
    a_shape, b_shape = data.draw(hnp.mutually_broadcastable_shapes(
        num_shapes=2, min_dims=0, max_dims=3, min_side=0, max_side=4)).input_shapes
    return data.draw(tensors(dtype, a_shape)), data.draw(tensors(dtype, b_shape))


@pytest.mark.parametrize("name", COMPARISONS)
@SETTINGS
@given(data=st.data())
def test_comparisons_are_numpys_relation_as_uint8(name, data):
    """`cmp* a b` (broadcast, strided, any dtype) is NumPy's relation on the exact values —
    NaN unordered, complex lexicographic — stored as uint8 0 / 1 (documented, not bool);
    the synonym is the same function, and the `_s` form compares with a scalar."""
    synonym, scalar_form, relation = COMPARISONS[name]
    assert registry.lookup("nx", synonym).function is registry.lookup("nx", name).function
    dtype = data.draw(st.sampled_from(ALL))
    a, b = broadcast_pair(data, dtype)
    with np.errstate(invalid="ignore"):
        expected = relation(*np.broadcast_arrays(exact(a), exact(b)))
    got = nx(name, a, b)
    assert got.dtype is dtypes.UINT8
    assert same_values(got.values(), expected.astype(np.uint8))
    scalar = data.draw(element_values(dtype))
    stored = exact(laid_out(np.array([scalar], dtype=object if dtype.is_integer else None),
                            dtype, "contiguous"))[0]
    with np.errstate(invalid="ignore"):
        expected = relation(exact(a), stored)
    assert same_values(nx(scalar_form, a, scalar).values(), np.asarray(expected, np.uint8))


@pytest.mark.parametrize("name, relation", [("maximum", np.maximum), ("minimum", np.minimum)])
@SETTINGS
@given(data=st.data())
def test_maximum_and_minimum_propagate_nan_like_numpy(name, relation, data):
    """`maximum` / `minimum` keep the dtype and equal NumPy's (NaN-propagating, complex
    lexicographic); `i*` writes that result into the target and returns it."""
    dtype = data.draw(st.sampled_from(ALL))
    a, b = broadcast_pair(data, dtype)
    x, y = np.broadcast_arrays(exact(a), exact(b))
    with np.errstate(invalid="ignore"):
        expected = relation(x, y)
    got = nx(name, a, b)
    assert got.dtype is dtype and same_values(exact(got), expected)
    if a.shape == x.shape:  # the value broadcasts to the target: in place is allowed
        assert nx(f"i{name}", a, b) is a and same_values(exact(a), expected)


LOGICAL = {"logical_and": np.logical_and, "logical_or": np.logical_or,
           "logical_xor": np.logical_xor}


@pytest.mark.parametrize("name", LOGICAL)
@SETTINGS
@given(data=st.data())
def test_logical_ops_give_0_or_1_in_the_operands_dtype(name, data):
    """Non-zero is true (NaN included, -0.0 not); the result is NumPy's truth value stored
    as 0 / 1 in the operands' dtype (documented signature), not as bool."""
    dtype = data.draw(st.sampled_from(ALL))
    a, b = broadcast_pair(data, dtype)
    x, y = np.broadcast_arrays(exact(a), exact(b))
    expected = LOGICAL[name](x != 0, y != 0).astype(np.int64)
    got = nx(name, a, b)
    assert got.dtype is dtype and same_values(exact(got), expected.astype(bool) if dtype.is_bool
                                              else expected)


@SETTINGS
@given(data=st.data())
def test_logical_not_is_one_minus_x(data):
    """`logical_not x` is 1 - x in x's dtype, as the worked example shows (5 gives -4):
    exact and wrapped for integers, rounded once for floats, NOT for bool."""
    dtype = data.draw(st.sampled_from(ALL))
    t = data.draw(tensors(dtype, data.draw(shapes())))
    x = exact(t)
    if dtype.is_integer:
        expected = wrap(1 - x, dtype)
    elif dtype.is_bool:
        expected = ~x
    else:
        expected = dtypes.to_storage(1 - x, dtype)
    got = nx("logical_not", t)
    assert got.dtype is dtype and same_values(got.values(), expected)


@pytest.mark.parametrize("name, test, otherwise",
                         [("isnan", np.isnan, 0), ("isinf", np.isinf, 0),
                          ("isfinite", np.isfinite, 1)])
@SETTINGS
@given(data=st.data())
def test_ieee_tests_on_floats_and_the_documented_constant_elsewhere(name, test, otherwise, data):
    """Floats: NumPy's test as uint8. Non-float types (integers, bool, complex — even
    with NaN or infinite parts): all `otherwise`, as documented."""
    dtype = data.draw(st.sampled_from(ALL))
    t = data.draw(tensors(dtype, data.draw(shapes())))
    expected = test(exact(t)) if dtype.is_float else np.full(t.shape, otherwise)
    got = nx(name, t)
    assert got.dtype is dtypes.UINT8 and same_values(got.values(), expected.astype(np.uint8))


@SETTINGS
@given(data=st.data())
def test_where_broadcasts_all_three(data):
    """`where cond a b` is `np.where(cond != 0, a, b)` over the three broadcast operands,
    the branches' elements copied exactly."""
    dtype = data.draw(st.sampled_from(ALL))
    c_shape, a_shape, b_shape = data.draw(hnp.mutually_broadcastable_shapes(
        num_shapes=3, min_dims=0, max_dims=3, min_side=0, max_side=3)).input_shapes
    cond = data.draw(tensors(dtypes.UINT8, c_shape))
    a, b = data.draw(tensors(dtype, a_shape)), data.draw(tensors(dtype, b_shape))
    c, x, y = np.broadcast_arrays(exact(cond), exact(a), exact(b))
    got = nx("where", cond, a, b)
    assert got.dtype is dtype and same_values(exact(got), np.where(c != 0, x, y))


def test_where_refuses_a_condition_that_is_not_uint8():
    t = laid_out(np.array([1, 0]), dtypes.INT32, "contiguous")
    with pytest.raises(InvalidArgument):
        nx("where", t, t, t)


@SETTINGS
@given(data=st.data())
def test_clamp_is_numpys_clip(data):
    """`clamp ?min ?max` = min(max(x, min), max), NaN propagating (NumPy's clip), for
    every dtype; `clip` is the same function."""
    assert registry.lookup("nx", "clip").function is registry.lookup("nx", "clamp").function
    dtype = data.draw(st.sampled_from(ALL))
    t = data.draw(tensors(dtype, data.draw(shapes())))
    bounds = {}
    expected = exact(t)
    for label, limit in (("min", np.maximum), ("max", np.minimum)):
        bound = data.draw(st.none() | element_values(dtype))
        if bound is not None:
            bounds[label] = bound
            stored = exact(laid_out(np.array([bound], dtype=object if dtype.is_integer else None),
                                    dtype, "contiguous"))[0]
            with np.errstate(invalid="ignore"):
                expected = limit(expected, stored)
    got = nx("clamp", t, **bounds)
    assert got.dtype is dtype and same_values(exact(got), expected)


@SETTINGS
@given(data=st.data())
def test_array_equal_broadcasts_and_says_0_for_incompatible_shapes(data):
    """1 iff the broadcast operands are equal everywhere (NaN unequal); shapes that do not
    broadcast give 0 (documented), where NumPy's array_equal needs equal shapes."""
    dtype = data.draw(st.sampled_from(ALL))
    a = data.draw(tensors(dtype, data.draw(shapes())))
    b = data.draw(tensors(dtype, data.draw(shapes())) | st.just(a))
    try:
        x, y = np.broadcast_arrays(exact(a), exact(b))
        expected = int(np.all(x == y))
    except ValueError:
        expected = 0
    got = nx("array_equal", a, b)
    assert got.dtype is dtypes.UINT8 and got.shape == () and int(got.values()) == expected
