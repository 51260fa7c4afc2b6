"""The reference's reductions and scans (nx.txt, "Reduction Operations") against NumPy,
on random shapes, axes (negative, repeated, empty), keepdims, strided inputs and every
dtype.

The oracle is NumPy on the exact stored values (float64, complex128, Python ints), the
result stored once into the input dtype. Float inputs are small multiples of 1/4 and
IEEE specials, so that float64 sums are exact in any order and the comparison can be
exact. The documented differences from NumPy, written out as such:

| documented rule (spec/READINGS.md)                               | NumPy does                       |
|------------------------------------------------------------------|----------------------------------|
| sum / prod / cum* keep the dtype: integers wrap (R122)           | promotes to int64 / platform int |
| mean, var, std keep the dtype; integers divide truncating (R125) | float64 result                   |
| integer var: truncated mean, truncating division (R125)          | exact float variance             |
| bool reduces 0 / 1 values and stores x ≠ 0                       | int or float result              |
| all / any give uint8; argmax / argmin give int32 (R105, R130)    | bool; intp                       |
| max / min / argmax / argmin of zero elements raise (R124, R132)  | the same (ValueError)            |
| integer mean of no element raises (R84, R126)                    | NaN with a warning               |
| var / std with ddof >= the count raise (documented, nx.mli:2180) | NaN or inf with a warning        |
| complex var / std: (R125)                                        | x - mean                         |

Where the spec accepts either of two deliberate answers (`any_of`), the oracle here is the
one the reference gives: the truncated bool mean and variance (R125; the other: stored
x <> 0), NumPy's |x - mean|² for complex variance (R125; the other: the complex square),
the integer root for std (R100; the other: a refusal), an empty integer mean raising (R126;
the other: 0), argmin of complex in NumPy's order (R240; the other: a refusal), a scan
along an axis of a 0-d tensor raising (R243). Nx 1.0.0~alpha1's mean of the wrapped sum,
0 for an empty float mean and its complex order with NaN are upstream findings.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import dtypes
from reference.errors import DivisionByZero, InvalidArgument
from tests.strided_tensors import (
    SETTINGS,
    exact,
    laid_out,
    nx,
    same_values,
    shapes,
    tensors,
    wrap,
)

ALL = dtypes.DTYPES


def stored(values, dtype: dtypes.DType) -> np.ndarray:
    """Exact results stored once into the dtype (integers wrap, bool is x ≠ 0)."""
    if dtype.is_integer:
        return wrap(values, dtype)
    if dtype.is_bool:
        return np.asarray(values, dtype=object) != 0
    return exact_of(
        dtypes.to_storage(
            np.asarray(values, dtype=np.complex128 if dtype.is_complex else np.float64), dtype
        ),
        dtype,
    )


def exact_of(storage: np.ndarray, dtype: dtypes.DType) -> np.ndarray:
    return storage.astype(np.complex128 if dtype.is_complex else np.float64)


def numeric(t) -> np.ndarray:
    """Exact values, bool as the ints 0 / 1 (how every reduction reads bool)."""
    values = exact(t)
    return values.astype(np.int64).astype(object) if t.dtype.is_bool else values


def truncate(numerator, divisor: int):
    """Exact integer division truncated toward zero (OCaml's `/`)."""
    return np.vectorize(lambda n: -(-n // divisor) if n < 0 else n // divisor, otypes=[object])(
        numerator
    )


def integer_variance(values, axes, keepdims, ddof):
    count = math.prod(values.shape[a] for a in axes)
    mean = truncate(np.sum(values, axis=axes, keepdims=True), count)
    squares = np.sum((values - mean) ** 2, axis=axes, keepdims=keepdims)
    return truncate(squares, count - ddof)


def oracle(
    name: str,
    values: np.ndarray,
    axes: tuple[int, ...],
    keepdims: bool,
    integer: bool,
    ddof: int = 0,
):
    count = math.prod(values.shape[a] for a in axes)
    with np.errstate(all="ignore"):
        if name in ("sum", "prod", "max", "min"):
            return getattr(np, name)(values, axis=axes, keepdims=keepdims)
        if name in ("all", "any"):
            return getattr(np, name)(values != 0, axis=axes, keepdims=keepdims)
        if name == "mean" and integer:
            return truncate(np.sum(values, axis=axes, keepdims=keepdims), count)
        if name == "mean":
            return np.add.reduce(values, axis=axes, keepdims=keepdims) / count
        if integer:
            variance = integer_variance(values, axes, keepdims, ddof)
            return (
                variance if name == "var" else np.vectorize(math.isqrt, otypes=[object])(variance)
            )
        with warnings.catch_warnings():  # NumPy warns where count - ddof <= 0
            warnings.simplefilter("ignore", RuntimeWarning)
            variance = np.var(values, axis=axes, keepdims=keepdims, ddof=ddof)
        return variance if name == "var" else np.sqrt(variance)


REDUCTIONS = ("sum", "prod", "max", "min", "mean", "var", "std", "all", "any")


@st.composite
def axes_of(draw, ndim: int):
    """None, or a list of distinct axes of a rank-`ndim` tensor, some written negatively."""
    if draw(st.booleans()):
        return None
    chosen = draw(st.lists(st.integers(0, max(ndim - 1, 0)), unique=True, max_size=ndim))
    return [a - ndim if draw(st.booleans()) else a for a in chosen]


@pytest.mark.parametrize("name", REDUCTIONS)
@SETTINGS
@given(data=st.data())
def test_reductions_follow_the_documented_rule(name, data):
    """Every reduction, over any axes (None, [], negatives) with or without keepdims, on a
    strided tensor of any dtype: NumPy's value under the documented rule, in the
    documented dtype, or the documented failure for an empty max / min or an integer
    division by zero."""
    dtype = data.draw(st.sampled_from(ALL))
    shape = data.draw(shapes())
    t = data.draw(tensors(dtype, shape, exact_sums=True))
    axes = data.draw(axes_of(len(shape)))
    keepdims = data.draw(st.booleans())
    ddof = data.draw(st.integers(0, 2)) if name in ("var", "std") else 0
    kwargs = {"axes": axes, "keepdims": keepdims, **({"ddof": ddof} if ddof else {})}
    resolved = tuple(range(len(shape))) if axes is None else tuple(a % len(shape) for a in axes)
    count = math.prod(shape[a] for a in resolved)
    integer = dtype.is_integer or dtype.is_bool
    if (name in ("max", "min") and count == 0) or (name in ("var", "std") and count <= ddof):
        # var: "@raise Invalid_argument if ddof >= number of elements" (nx.mli:2180); std is
        # its root
        with pytest.raises(InvalidArgument):
            nx(name, t, **kwargs)
        return
    if integer and name == "mean" and count == 0:
        with pytest.raises(DivisionByZero):
            nx(name, t, **kwargs)
        return
    expected = oracle(name, numeric(t), resolved, keepdims, integer, ddof)
    got = nx(name, t, **kwargs)
    if name in ("all", "any"):
        assert got.dtype is dtypes.UINT8
        assert same_values(got.values(), np.asarray(expected, dtype=np.uint8))
        return
    assert got.dtype is dtype
    want = stored(expected, dtype)
    if name in ("var", "std") and not integer:  # not exactly summed: the dtype's tolerance
        tolerance = dtype.tolerance
        assert np.allclose(
            exact(got), want, rtol=tolerance.rtol, atol=tolerance.atol, equal_nan=True
        )
    else:
        assert same_values(exact(got), want)


@pytest.mark.parametrize("name, pick", [("argmax", np.argmax), ("argmin", np.argmin)])
@SETTINGS
@given(data=st.data())
def test_argmax_and_argmin_are_numpys_first_occurrence(name, pick, data):
    """int32 positions of NumPy's argmax / argmin along an axis or over the flattened tensor
    (first occurrence on ties, the first NaN as the extreme), keepdims as NumPy; a
    zero-size axis raises."""
    dtype = data.draw(st.sampled_from(ALL))
    shape = data.draw(shapes())
    t = data.draw(tensors(dtype, shape))
    axis = data.draw(st.none() | st.integers(-len(shape), len(shape) - 1)) if shape else None
    keepdims = data.draw(st.booleans())
    count = math.prod(shape) if axis is None else shape[axis]
    if count == 0:
        with pytest.raises(InvalidArgument):
            nx(name, t, axis=axis, keepdims=keepdims)
        return
    with np.errstate(invalid="ignore"):
        expected = pick(numeric(t), axis=axis, keepdims=keepdims)
    got = nx(name, t, axis=axis, keepdims=keepdims)
    assert got.dtype is dtypes.INT32 and same_values(got.values(), np.asarray(expected))


SCANS = {"cumsum": np.add, "cumprod": np.multiply, "cummax": np.maximum, "cummin": np.minimum}


@pytest.mark.parametrize("name", SCANS)
@SETTINGS
@given(data=st.data())
def test_scans_are_numpys_accumulate_in_the_dtype(name, data):
    """Inclusive scans along an axis, or over the row-major flattening as a 1-D result when
    the axis is omitted: NumPy's accumulate on exact values, stored once per element."""
    dtype = data.draw(st.sampled_from(ALL))
    shape = data.draw(shapes())
    t = data.draw(tensors(dtype, shape, exact_sums=True))
    axis = data.draw(st.none() | st.integers(-len(shape), len(shape) - 1)) if shape else None
    values = numeric(t)
    if axis is None:
        values, along = values.reshape(-1), 0
    else:
        along = axis
    with np.errstate(all="ignore"):
        expected = SCANS[name].accumulate(values, axis=along)
    got = nx(name, t, axis=axis)
    assert got.dtype is dtype and same_values(exact(got), stored(expected, dtype))


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("axes", [[0, 0], [1, -1], [2], [-3]])
def test_a_repeated_or_out_of_range_axis_is_refused(name, axes):
    """A repeated axis (also through a negative index) and an axis beyond the rank raise."""
    t = laid_out(np.arange(6.0).reshape(2, 3), dtypes.FLOAT32, "transposed")
    with pytest.raises(InvalidArgument):
        nx(name, t, axes=axes)
