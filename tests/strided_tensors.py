"""Hypothesis strategies for the reference's tensors in any dtype and any memory layout,
and the exact values an oracle reads back (used by test_comparison, test_reductions and
test_sorting)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes, registry
from reference.dtypes import DType
from reference.layout import View
from reference.tensor import Tensor

registry.load_all()

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LAYOUTS = ("contiguous", "transposed", "flipped", "spaced", "offset")


def nx(name: str, *args, **kwargs):
    """Call the reference's `nx.name`."""
    return registry.lookup("nx", name).function(*args, **kwargs)


def positions(shape: tuple[int, ...], layout: str) -> np.ndarray:
    """The buffer position of each element for a layout: a NumPy view of an arange, whose
    strides and first element are the tensor's element strides and offset."""
    n = math.prod(shape)
    if layout == "transposed" and len(shape) > 1:
        return np.arange(n).reshape(shape[::-1]).transpose()
    if layout == "flipped" and shape:
        return np.arange(n).reshape(shape)[(slice(None, None, -1),) * len(shape)]
    if layout == "spaced" and shape:
        return np.arange(2 * n).reshape((*shape[:-1], 2 * shape[-1]))[..., ::2]
    if layout == "offset":
        return np.arange(3, n + 3).reshape(shape)
    return np.arange(n).reshape(shape)


def laid_out(values: np.ndarray, dtype: DType, layout: str) -> Tensor:
    """A tensor of `dtype` holding `values` (stored once), its buffer laid out by `layout`."""
    where = positions(values.shape, layout)
    buffer = np.zeros(2 * where.size + 4, dtype=dtype.storage)
    buffer[where] = dtypes.to_storage(values, dtype)
    strides = tuple(s // where.itemsize for s in where.strides)
    offset = int(where[(0,) * where.ndim]) if where.size else 0
    return Tensor(buffer, dtype, View(values.shape, strides, offset))


def exact(t: Tensor) -> np.ndarray:
    """The stored elements exactly: Python ints for integers, float64, complex128, bool."""
    values = t.values()
    if t.dtype.is_integer:
        return values.astype(np.int64).astype(object)
    if t.dtype.is_float:
        return values.astype(np.float64)
    if t.dtype.is_complex:
        return values.astype(np.complex128)
    return values


SPECIAL = (0.0, -0.0, math.nan, math.inf, -math.inf, 1.0, -1.0, 0.5)


def element_values(dtype: DType, exact_sums: bool = False) -> st.SearchStrategy:
    """Values of the dtype (rounded into it when stored). `exact_sums` keeps floats to small
    multiples of 1/4, so that sums of a few of them are exact in float64 whatever their
    order, plus the IEEE specials."""
    if dtype.is_bool:
        return st.booleans()
    if dtype.is_integer:
        return st.integers(dtype.low, dtype.high) | st.integers(-3, 3).filter(
            lambda v: dtype.low <= v <= dtype.high)
    if exact_sums:
        real = st.integers(-40, 40).map(lambda k: k / 4) | st.sampled_from(SPECIAL)
    else:
        real = st.floats(width=64) | st.sampled_from(SPECIAL)
    if dtype.is_complex:
        return st.tuples(real, real).map(lambda p: complex(*p))
    return real


@st.composite
def tensors(draw, dtype: DType, shape: tuple[int, ...], exact_sums: bool = False) -> Tensor:
    """A tensor of `dtype` and `shape` with drawn values in a drawn layout."""
    n = math.prod(shape)
    flat = draw(st.lists(element_values(dtype, exact_sums), min_size=n, max_size=n))
    values = np.array(flat, dtype=object if dtype.is_integer else None).reshape(shape)
    return laid_out(values, dtype, draw(st.sampled_from(LAYOUTS)))


def shapes(min_dims: int = 0) -> st.SearchStrategy:
    return hnp.array_shapes(min_dims=min_dims, max_dims=3, min_side=0, max_side=4)


def _as_complex(values: np.ndarray) -> np.ndarray:
    wide = values if values.dtype.kind == "c" else values.astype(np.float64)
    return wide.astype(np.complex128)


def same_values(got, expected) -> bool:
    """Element-wise equality, NaN equal to NaN (floats of any format, complex parts)."""
    got, expected = np.asarray(got), np.asarray(expected)
    if got.shape != expected.shape:
        return False
    if got.dtype.kind in "biuO" and expected.dtype.kind in "biuO":
        return got.astype(object).tolist() == expected.astype(object).tolist()
    got, expected = _as_complex(got), _as_complex(expected)
    return bool(np.array_equal(got.real, expected.real, equal_nan=True)
                and np.array_equal(got.imag, expected.imag, equal_nan=True))


def wrap(values, dtype: DType) -> np.ndarray:
    """Exact integers reduced modulo 2^bits into the dtype's range (the documented wrap)."""
    span = 1 << dtype.bits
    wide = np.asarray(values, dtype=object)
    return np.vectorize(lambda v: (int(v) - dtype.low) % span + dtype.low, otypes=[object])(wide)
