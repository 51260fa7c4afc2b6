"""What several reductions share: exact integer values, truncating division, the
variance, and the cumulative scans (nx.txt, "Reduction Operations")."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from reference.dtypes import wrap_integers
from reference.errors import DivisionByZero, check_axis, require
from reference.nx._cores.elementwise import wide
from reference.nx._cores.reduce import reduce
from reference.tensor import Tensor


def exact(t: Tensor) -> np.ndarray:
    """The elements of an integer or bool tensor as Python ints (bool as 0 / 1): sums and
    squares of them are exact at any width, the 64-bit dtypes included."""
    return t.array().astype(np.int64).astype(object)


def _toward_zero(numerator: int, divisor: int) -> int:
    return -(-numerator // divisor) if numerator < 0 else numerator // divisor


def truncating_division(function: str, numerator, divisor: int):
    """Exact integers (Python ints) divided by `divisor`, truncated toward zero (OCaml's
    `/`); a divisor ≤ 0 raises `Division_by_zero`."""
    if divisor <= 0:
        raise DivisionByZero(f"{function}: integer division by {divisor} (the number of "
                             f"elements, less ddof, must be positive)")
    return np.frompyfunc(_toward_zero, 2, 1)(numerator, divisor)


def variance(function: str, t: Tensor, axes: Sequence[int] | None, keepdims: bool,
             ddof: int, *, root: bool = False) -> Tensor:
    """sum((x - mean)²) / (count - ddof) over the reduced axes, or its square root.

    Floats (in float64) and complex (in complex128, (x - mean)² squared as complex numbers)
    divide by max(count - ddof, 0) under IEEE rules (0 / 0 is NaN, x / 0 is inf).
    Integers (exact Python ints) take `mean`'s integer mean (the sum wrapped into the
    dtype, divided truncating), then divide the exact sum of squares truncating. bool: the
    formula in Nx's bool arithmetic, true for any tensor.
    The root (for `std`, which refuses integers and bool) is taken of the unrounded
    variance.
    """
    if t.dtype.is_bool:
        # Note: R125 — settled by Nx 1.0.0~alpha1 (the documentation says nothing of bool): its
        # var of bools is the documented formula in its bool arithmetic: the mean is or,
        # x - mean is x || not mean, a square is itself, their sum or, and dividing by
        # N - ddof stored as a bool (true) keeps it; so the variance of any bools is true.
        def kernel(groups: np.ndarray) -> np.ndarray:
            truncating_division(function, 0, groups.shape[-1] - ddof)  # N - ddof <= 0 raises
            mean = np.logical_or.reduce(groups != 0, axis=-1, keepdims=True)
            return np.logical_or.reduce((groups != 0) | ~mean, axis=-1)
        return reduce(function, t, axes, keepdims, kernel)

    if t.dtype.is_integer:
        def kernel(groups: np.ndarray) -> np.ndarray:
            count = groups.shape[-1]
            total = wrap_integers(groups.sum(axis=-1, keepdims=True), t.dtype).astype(object)
            mean = truncating_division(function, total, count)
            deviations = groups - mean
            squares = (deviations * deviations).sum(axis=-1)
            return truncating_division(function, squares, count - ddof)
        return reduce(function, t, axes, keepdims, kernel, values=exact)

    def kernel(groups: np.ndarray) -> np.ndarray:
        count = groups.shape[-1]
        deviations = groups - np.add.reduce(groups, axis=-1, keepdims=True) / count
        # Note: R125 — the documented Variance = E[(X - E[X])²] / (N - ddof) squares a complex
        # deviation as a complex number; the suite first read NumPy's |X - E[X]|², and Nx
        # 1.0.0~alpha1 settles it as written (a complex variance, its principal root for std).
        squares = np.add.reduce(deviations * deviations, axis=-1)
        result = squares / max(count - ddof, 0)
        return np.sqrt(result) if root else result
    return reduce(function, t, axes, keepdims, kernel)


def scan(function: str, t: Tensor, axis: int | None, combine: np.ufunc,
         complex_combine: Callable[[complex, complex], complex] | None = None) -> Tensor:
    """The inclusive scan of `combine` along `axis`; without an axis, of the flattened
    (row-major) elements, giving a 1-D result (documented). Computed in the wide type of
    the dtype (float64 running values, integers modulo 2^64) and stored once. Complex
    values are combined by `complex_combine` (running value, element) where given."""
    values = wide(t)
    if complex_combine is not None and t.dtype.is_complex:
        combine = np.frompyfunc(complex_combine, 2, 1)
        values = values.astype(object)
    if axis is None:
        values, axis = values.reshape(-1), 0
    elif t.ndim == 0:
        # Note: R243 — the documentation says nothing of an axis of a 0-d tensor; settled by
        # Nx 1.0.0~alpha1, whose scans take axis 0 (or -1) of a 0-d tensor as a line of its
        # one element and return the tensor.
        require(axis in (0, -1), function, f"axis {axis} of a 0-d tensor (only 0 is valid)")
        return Tensor.from_values(values, t.dtype)
    else:
        axis = check_axis(function, axis, t.ndim)
    with np.errstate(all="ignore"):
        result = combine.accumulate(values, axis=axis)
    return Tensor.from_values(result.astype(values.dtype) if result.dtype == object
                              else result, t.dtype)
