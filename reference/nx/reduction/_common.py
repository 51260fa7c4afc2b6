"""What several reductions share: exact integer values, truncating division, the
variance, and the cumulative scans (nx.txt, "Reduction Operations")."""

from __future__ import annotations

from collections.abc import Sequence
from math import isqrt

import numpy as np

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
        raise DivisionByZero(
            f"{function}: integer division by {divisor} (the number of "
            f"elements, less ddof, must be positive)"
        )
    return np.frompyfunc(_toward_zero, 2, 1)(numerator, divisor)


_integer_root = np.frompyfunc(isqrt, 1, 1)  # floor(√v) of exact integers


def _enough(function: str, count: int, ddof: int) -> None:
    # Note: R126 — documented (nx.mli:2180): var (and std, its root) raise Invalid_argument
    # "if ddof >= number of elements", so no elements, or ddof = count, raise.
    require(count > ddof, function, f"ddof = {ddof} >= {count}, the number of elements")


def variance(
    function: str,
    t: Tensor,
    axes: Sequence[int] | None,
    keepdims: bool,
    ddof: int,
    *,
    root: bool = False,
) -> Tensor:
    """sum((x - mean)²) / (count - ddof) over the reduced axes, or its square root.

    "@raise Invalid_argument if ddof >= number of elements" (nx.mli:2180): a count of
    reduced elements not above ddof (no element included) raises, in every dtype. Floats
    (in float64) and complex (in complex128, |x - mean|² as in NumPy) then divide by
    count - ddof > 0.
    Integers and bool (exact Python ints) take the truncated integer mean, then divide
    the exact sum of squares truncating: both divisions are `mean`'s integer division.
    The root is taken of the unrounded variance: IEEE √ for floats, floor(√v) exactly
    for integers (what storing a float root into an integer dtype gives).
    """
    if t.dtype.is_integer or t.dtype.is_bool:

        def kernel(groups: np.ndarray) -> np.ndarray:
            count = groups.shape[-1]
            _enough(function, count, ddof)
            mean = truncating_division(function, groups.sum(axis=-1, keepdims=True), count)
            deviations = groups - mean
            squares = (deviations * deviations).sum(axis=-1)
            result = truncating_division(function, squares, count - ddof)
            return _integer_root(result) if root else result

        return reduce(function, t, axes, keepdims, kernel, values=exact)

    def kernel(groups: np.ndarray) -> np.ndarray:
        count = groups.shape[-1]
        _enough(function, count, ddof)
        deviations = groups - np.add.reduce(groups, axis=-1, keepdims=True) / count
        squares = np.add.reduce((deviations * np.conj(deviations)).real, axis=-1)
        result = squares / max(count - ddof, 0)
        return np.sqrt(result) if root else result

    return reduce(function, t, axes, keepdims, kernel)


def scan(function: str, t: Tensor, axis: int | None, combine: np.ufunc) -> Tensor:
    """The inclusive scan of `combine` along `axis`; without an axis, of the flattened
    (row-major) elements, giving a 1-D result (documented). Computed in the wide type of
    the dtype (float64 running values, integers modulo 2^64) and stored once."""
    values = wide(t)
    if axis is None:
        values, axis = values.reshape(-1), 0
    else:
        # Note: R243 — an axis of a 0-d tensor is out of range and raises (R127); returning
        # the tensor (Nx 1.0.0~alpha1) is the other accepted choice.
        axis = check_axis(function, axis, t.ndim)
    with np.errstate(all="ignore"):
        result = combine.accumulate(values, axis=axis)
    return Tensor.from_values(result, t.dtype)
