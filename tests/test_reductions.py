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
| integer var: mean's mean, truncating division (R125)             | exact float variance             |
| bool reduces 0 / 1 values and stores x ≠ 0                       | int or float result              |
| all / any give uint8; argmax / argmin give int32 (R105, R130)    | bool; intp                       |
| max / min / argmax / argmin of zero elements raise (R124, R132)  | the same (ValueError)            |
| integer var dividing by zero raises (R84)                        | NaN with a warning               |

Settled by Nx 1.0.0~alpha1 where the documentation is silent (the spec's cases carry
`settled_by`), and the oracle here:

| settled by Nx 1.0.0~alpha1                                       | NumPy does                       |
|------------------------------------------------------------------|----------------------------------|
| mean = the sum in the dtype (integers wrap, bool: or) (R125)     | exact float mean                 |
|   divided by max(count, 1): no elements give 0 (R126)           | NaN with a warning               |
| var of bools is true; std refuses integers and bool (R125, R100) | numbers                          |
| complex var / std: (x - mean)² as complex numbers (R125)         | |x - mean|², a real result       |
| complex order in argmax / cummax / cummin: real part, then       | lexicographic, NaN first         |
|   imaginary part, as Nx's maximum (`complex_leads`) (R110)       |                                  |
| argmin refuses bool, complex, uint4 and quint8 (R240)            | any dtype                        |
"""

from __future__ import annotations

import math

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
    return exact_of(dtypes.to_storage(np.asarray(values, dtype=np.complex128 if dtype.is_complex
                                                 else np.float64), dtype), dtype)


def exact_of(storage: np.ndarray, dtype: dtypes.DType) -> np.ndarray:
    return storage.astype(np.complex128 if dtype.is_complex else np.float64)


def numeric(t) -> np.ndarray:
    """Exact values, bool as the ints 0 / 1 (how every reduction reads bool)."""
    values = exact(t)
    return values.astype(np.int64).astype(object) if t.dtype.is_bool else values


def truncate(numerator, divisor: int):
    """Exact integer division truncated toward zero (OCaml's `/`)."""
    return np.vectorize(lambda n: -(-n // divisor) if n < 0 else n // divisor,
                        otypes=[object])(numerator)


def integer_variance(values, axes, keepdims, ddof, dtype):
    count = math.prod(values.shape[a] for a in axes)
    mean = truncate(wrap(np.sum(values, axis=axes, keepdims=True), dtype), count)
    squares = np.sum((values - mean) ** 2, axis=axes, keepdims=keepdims)
    return truncate(squares, count - ddof)


def oracle(name: str, values: np.ndarray, axes: tuple[int, ...], keepdims: bool,
           dtype: dtypes.DType, ddof: int = 0):
    count = math.prod(values.shape[a] for a in axes)
    with np.errstate(all="ignore"):
        if name in ("sum", "prod", "max", "min"):
            return getattr(np, name)(values, axis=axes, keepdims=keepdims)
        if name in ("all", "any") or (name == "mean" and dtype.is_bool):
            test = "all" if name == "all" else "any"
            return getattr(np, test)(values != 0, axis=axes, keepdims=keepdims)
        if name == "mean" and dtype.is_integer:
            return truncate(wrap(np.sum(values, axis=axes, keepdims=keepdims), dtype),
                            max(count, 1))
        if name == "mean":
            return np.add.reduce(values, axis=axes, keepdims=keepdims) / max(count, 1)
        if dtype.is_bool:  # var
            return np.full(np.sum(values, axis=axes, keepdims=keepdims).shape, True)
        if dtype.is_integer:  # var
            return integer_variance(values, axes, keepdims, ddof, dtype)
        deviations = values - np.add.reduce(values, axis=axes, keepdims=True) / max(count, 1)
        squares = np.add.reduce(deviations * deviations if dtype.is_complex
                                else deviations**2, axis=axes, keepdims=keepdims)
        variance = squares / max(count - ddof, 0)
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
    if (name in ("max", "min") and count == 0) or (name == "std" and integer):
        with pytest.raises(InvalidArgument):
            nx(name, t, **kwargs)
        return
    if integer and name == "var" and count <= ddof:
        with pytest.raises(DivisionByZero):
            nx(name, t, **kwargs)
        return
    expected = oracle(name, numeric(t), resolved, keepdims, dtype, ddof)
    got = nx(name, t, **kwargs)
    if name in ("all", "any"):
        assert got.dtype is dtypes.UINT8
        assert same_values(got.values(), np.asarray(expected, dtype=np.uint8))
        return
    assert got.dtype is dtype
    want = stored(expected, dtype)
    if name in ("var", "std") and not integer:  # not exactly summed: the dtype's tolerance
        tolerance = dtype.tolerance
        assert np.allclose(exact(got), want, rtol=tolerance.rtol, atol=tolerance.atol,
                           equal_nan=True)
    else:
        assert same_values(exact(got), want)


def complex_leads(lead: complex, x: complex, *, maximum: bool) -> bool:
    """Whether x takes over from the running extreme `lead` in Nx's complex order: by real
    part, then (real parts unordered or equal) by imaginary part; the maximum keeps the
    lead on an imaginary tie or NaN, the minimum keeps it only when its imaginary part is
    smaller."""
    if maximum:
        return lead.real < x.real or (not lead.real > x.real and not lead.imag >= x.imag)
    return lead.real > x.real or (not lead.real < x.real and not lead.imag < x.imag)


def complex_argmax(values: np.ndarray, axis: int | None, keepdims: bool) -> np.ndarray:
    lines = np.moveaxis(values.reshape(-1) if axis is None else values, 0 if axis is None
                        else axis, -1)
    best = np.zeros(lines.shape[:-1], dtype=np.int64)
    for index in np.ndindex(best.shape):
        line = lines[index]
        for j in range(1, len(line)):
            if complex_leads(line[best[index]], line[j], maximum=True):
                best[index] = j
    if keepdims:
        best = best.reshape([1] * values.ndim if axis is None else
                            np.expand_dims(best, axis).shape)
    return best


@pytest.mark.parametrize("name, pick", [("argmax", np.argmax), ("argmin", np.argmin)])
@SETTINGS
@given(data=st.data())
def test_argmax_and_argmin_are_numpys_first_occurrence(name, pick, data):
    """int32 positions of NumPy's argmax / argmin along an axis or over the flattened tensor
    (first occurrence on ties, the first NaN as the extreme), keepdims as NumPy; complex
    argmax follows Nx's complex order; argmin refuses bool, complex, uint4 and quint8; a
    zero-size axis raises."""
    dtype = data.draw(st.sampled_from(ALL))
    if name == "argmin" and (dtype.is_bool or dtype.is_complex
                             or dtype.name in ("uint4", "quint8")):
        with pytest.raises(InvalidArgument):
            nx(name, laid_out(np.array([0]), dtype, "contiguous"))
        return
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
        expected = (complex_argmax(numeric(t), axis, keepdims) if dtype.is_complex
                    else pick(numeric(t), axis=axis, keepdims=keepdims))
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
        if dtype.is_complex and name in ("cummax", "cummin"):
            def step(lead, x):
                return x if complex_leads(lead, x, maximum=name == "cummax") else lead
            expected = np.frompyfunc(step, 2, 1).accumulate(values.astype(object), axis=along)
            expected = expected.astype(np.complex128)
        else:
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
