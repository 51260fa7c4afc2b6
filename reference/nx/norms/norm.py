"""norm: vector and matrix norms (seed 001, "Norms and Condition Numbers").

`norm ?ord ?axes ?keepdims x`. A vector norm reduces one axis, a matrix norm two:

| ord | vector (one axis) | matrix (two axes: rows, columns) |
|---|---|---|
| default | 2-norm sqrt(sum |x|²) | Frobenius |
| `` `Fro `` | refused | sqrt(sum |x_ij|²) |
| `` `Nuc `` | refused | sum of the singular values |
| `` `One `` / `` `NegOne `` | sum |x| / (sum |x|^-1)^-1 | max / min column sum of |x_ij| |
| `` `Two `` / `` `NegTwo `` | 2-norm / (sum |x|^-2)^(-1/2) | largest / smallest singular value |
| `` `Inf `` / `` `NegInf `` | max |x| / min |x| | max / min row sum of |x_ij| |
| `` `P p `` | (sum |x|^p)^(1/p); p = 0 counts the non-zeros, p = ±inf max / min | refused |

`axes` (one or two axes, negatives from the end) says which axes; without it a 1-D x is
a vector and a 2-D x a matrix. `keepdims` keeps the reduced axes with size 1. The
result has x's dtype (the documented signature `('a, 'b) t -> ('a, 'b) t`): a complex
x gives its real norms with imaginary part 0.
"""

from __future__ import annotations

import math

import numpy as np

from reference.errors import check_axes, invalid, require
from reference.nx._cores.householder import norm2
from reference.nx._cores.matrices import float_values
from reference.nx._cores.svd import svd
from reference.ocaml import Variant
from reference.registry import op
from reference.tensor import Tensor

VECTOR_P = {"One": 1.0, "Two": 2.0, "Inf": math.inf, "NegOne": -1.0, "NegTwo": -2.0,
            "NegInf": -math.inf}
"""The p of each vector norm named by a payload-less variant."""

MATRIX_ORDS = ("Fro", "Nuc", "One", "Two", "Inf", "NegOne", "NegTwo", "NegInf")


@op("nx", "norm")
def norm(x: Tensor, *, ord: str | Variant | None = None, axes: tuple[int, ...] | None = None,
         keepdims: bool = False) -> Tensor:
    values = float_values("norm", x)
    if axes is None:
        if ord is None:
            # Note: R167 — without ord and axes, an x of any rank gets the 2-norm of all its
            # elements (the Frobenius norm of a matrix; NumPy `norm`).
            return finish(x, norm2(values.reshape(-1)), tuple(range(x.ndim)), keepdims)
        # Note: R167 — with an ord but no axes, x must be a vector or a matrix (NumPy `norm`);
        # a batch needs `axes`.
        require(x.ndim in (1, 2), "norm",
                f"input has shape {list(x.shape)}: with ~ord and without ~axes it must be "
                f"1-D (a vector) or 2-D (a matrix)")
        axes = tuple(range(x.ndim))
    else:
        axes = check_axes("norm", axes, x.ndim)
        require(len(axes) in (1, 2), "norm",
                f"axes {list(axes)}: a vector norm takes one axis, a matrix norm two")
    moved = np.moveaxis(values, axes, tuple(range(-len(axes), 0)))
    if len(axes) == 1:
        result = vector_norm(moved, vector_p(ord))
    else:
        result = matrix_norm(moved, "Fro" if ord is None else matrix_ord(ord))
    return finish(x, result, axes, keepdims)


def vector_p(ord: str | Variant | None) -> float:
    """The p of a vector norm."""
    if ord is None:
        return 2.0
    if isinstance(ord, Variant) and ord.name == "P":
        return float(ord.payload)
    if ord in VECTOR_P:
        return VECTOR_P[ord]
    # Note: R167 — `Fro and `Nuc are matrix norms; on a vector they are refused (NumPy).
    raise invalid("norm", f"ord {describe(ord)} is not a vector norm; use `One, `Two, `Inf, "
                          f"`NegOne, `NegTwo, `NegInf or `P p")


def matrix_ord(ord: str | Variant, function: str = "norm") -> str:
    """The name of a matrix norm."""
    if isinstance(ord, str) and ord in MATRIX_ORDS:
        return ord
    # Note: R167 — `P p is documented as "p-norm for vectors": refused for matrices (NumPy
    # refuses other orders for matrices too).
    raise invalid(function, f"{describe(ord)} is not a matrix norm; use `Fro, `Nuc, `One, "
                            f"`Two, `Inf, `NegOne, `NegTwo or `NegInf")


def describe(ord: str | Variant) -> str:
    return f"`P {ord.payload}" if isinstance(ord, Variant) else f"`{ord}"


def vector_norm(x: np.ndarray, p: float) -> np.ndarray:
    """The p-norm of the last axis of `x` (wide values)."""
    size = np.abs(x)
    with np.errstate(all="ignore"):
        if p == 2:
            return norm2(x)
        if p == math.inf:
            return extreme(size, np.maximum, "the maximum")
        if p == -math.inf:
            return extreme(size, np.minimum, "the minimum")
        if p == 0:
            return np.add.reduce(size != 0, axis=-1).astype(np.float64)
        if p == 1:
            return np.add.reduce(size, axis=-1)
        return np.add.reduce(size ** p, axis=-1) ** (1 / p)


def matrix_norm(x: np.ndarray, ord: str) -> np.ndarray:
    """The matrix norm `ord` of the last two axes of `x` (wide values)."""
    size = np.abs(x)
    if ord == "Fro":
        return norm2(x.reshape(*x.shape[:-2], x.shape[-2] * x.shape[-1]))
    if ord in ("One", "NegOne"):
        column_sums = np.add.reduce(size, axis=-2)
        return extreme(column_sums, np.maximum if ord == "One" else np.minimum, "a column sum")
    if ord in ("Inf", "NegInf"):
        row_sums = np.add.reduce(size, axis=-1)
        return extreme(row_sums, np.maximum if ord == "Inf" else np.minimum, "a row sum")
    _, singular, _ = svd(x, vectors=False)
    if ord == "Nuc":
        return np.add.reduce(singular, axis=-1)
    # Singular values come in descending order: the first is the largest.
    require(singular.shape[-1] > 0, "norm", f"`{ord} of an empty matrix has no singular value")
    return singular[..., 0] if ord == "Two" else singular[..., -1]


def extreme(values: np.ndarray, which: np.ufunc, what: str) -> np.ndarray:
    """The max or min of the last axis; an empty axis has none and is refused."""
    # Note: R124 — like `max`/`min` of an empty axis, a norm
    # taking the max or min over nothing raises.
    require(values.shape[-1] > 0, "norm", f"{what} over an empty axis does not exist")
    return which.reduce(values, axis=-1)


def finish(x: Tensor, result: np.ndarray, axes: tuple[int, ...], keepdims: bool) -> Tensor:
    """The result in x's dtype, with the reduced axes kept as size 1 if asked."""
    if keepdims:
        result = np.expand_dims(result, tuple(sorted(axes)))
    return Tensor.from_values(result, x.dtype)
