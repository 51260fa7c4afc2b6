"""The reference's bitonic sort (`reference/nx/_cores/bitonic.py`) and `sort` / `argsort`
(nx.txt, "Sorting and Searching") against NumPy's stable sort.

Ascending, the documented order is exactly `np.argsort(kind="stable")`'s: stable, NaN
last (in their original order), ±inf ordinary, -0.0 equal to 0.0, complex in NumPy's
order (READINGS R113: the spec also accepts a refusal), and a tensor without elements
gives empty results (R135). Descending, NumPy has no stable order, so the oracle is the
documented one built from it: the ascending stable sort of the reversed line, reversed —
the largest first, NaN first, and equal elements still in their original order
(documented: stable, first occurrence wins).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes
from reference.errors import InvalidArgument
from reference.nx._cores.bitonic import bitonic_argsort
from tests.strided_tensors import SETTINGS, exact, laid_out, nx, same_values, shapes, tensors


def stable_order(lines: np.ndarray, descending: bool) -> np.ndarray:
    """The documented stable order of each row of `lines`, from NumPy's stable argsort."""
    if not descending:
        return np.argsort(lines, axis=-1, kind="stable")
    n = lines.shape[-1]
    return (n - 1 - np.argsort(lines[..., ::-1], axis=-1, kind="stable"))[..., ::-1]


def wide_lines(dtype: dtypes.DType, rows: int, n: int, values) -> np.ndarray:
    t = laid_out(np.array(values, dtype=object if dtype.is_integer else None).reshape(rows, n),
                 dtype, "contiguous")
    lines = exact(t)
    return lines.astype(np.int64) if dtype.is_integer else lines


# Few distinct values, so that most lines have duplicates (and NaN / inf for floats).
def few_values(dtype: dtypes.DType) -> st.SearchStrategy:
    if dtype.is_bool:
        return st.booleans()
    if dtype.is_integer:
        return st.sampled_from([dtype.low, dtype.high, 0, 1, dtype.low + 1, dtype.high - 1])
    specials = st.sampled_from([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.5, -2.0])
    if dtype.is_complex:
        return st.tuples(specials, specials).map(lambda p: complex(*p))
    return specials


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
@SETTINGS
@given(data=st.data(), descending=st.booleans())
def test_the_bitonic_network_is_a_stable_sort(dtype, data, descending):
    """Every row, of any length (padded to a power of two inside), with duplicates, NaN,
    ±inf, signed zeros and the integer dtype's range ends, is put in the documented stable
    order, ascending or descending."""
    rows, n = data.draw(st.integers(0, 3)), data.draw(st.integers(0, 40))
    values = data.draw(st.lists(few_values(dtype), min_size=rows * n, max_size=rows * n))
    lines = wide_lines(dtype, rows, n, values)
    got = bitonic_argsort(lines, descending)
    assert got.dtype == np.int32
    assert np.array_equal(got, stable_order(lines, descending))
    if not descending:
        assert same_values(np.take_along_axis(lines, got, axis=-1),
                           np.sort(lines, axis=-1, kind="stable"))


@SETTINGS
@given(data=st.data())
def test_the_network_sorts_arbitrary_floats(data):
    """Arbitrary float64 (subnormals, huge values, NaN payloads of either sign) sort as
    NumPy sorts them; -0.0 and 0.0 are equal keys, so they keep their order."""
    values = data.draw(hnp.arrays(np.float64, data.draw(st.integers(0, 70)),
                                  elements=st.floats(allow_nan=True, width=64)))
    lines = np.concatenate([values, -values, np.copysign(np.nan, -1.0) * np.ones(2)])[None, :]
    for descending in (False, True):
        assert np.array_equal(bitonic_argsort(lines, descending), stable_order(lines, descending))


@pytest.mark.parametrize("name", ["sort", "argsort"])
@SETTINGS
@given(data=st.data())
def test_sort_and_argsort_along_any_axis_of_a_strided_tensor(name, data):
    """`sort` returns the elements (exactly, signs and NaN kept) in the documented order
    along the axis with int32 indices into the input; `argsort` is its second component."""
    dtype = data.draw(st.sampled_from(dtypes.DTYPES))
    shape = data.draw(shapes(min_dims=1))
    t = data.draw(tensors(dtype, shape))
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    descending = data.draw(st.booleans())
    values = exact(t)
    lines = np.moveaxis(values, axis, -1)
    order = np.moveaxis(stable_order(lines.astype(np.int64) if dtype.is_integer else lines,
                                     descending), -1, axis)
    got = nx(name, t, descending=descending, axis=axis)
    indices = got[1] if name == "sort" else got
    assert indices.dtype is dtypes.INT32 and np.array_equal(indices.values(), order)
    if name == "sort":
        expected = np.take_along_axis(values, order, axis=axis)
        assert got[0].dtype is dtype and same_values(exact(got[0]), expected)
        if dtype.is_float:  # the very elements: signed zeros kept
            assert np.array_equal(np.signbit(exact(got[0])), np.signbit(expected))


def test_a_0d_tensor_has_no_axis_to_sort():
    t = laid_out(np.array(1.0), dtypes.FLOAT32, "contiguous")
    with pytest.raises(InvalidArgument):
        nx("sort", t)
