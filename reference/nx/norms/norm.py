"""norm: vector and matrix norms (nx.txt, "Norms and Condition Numbers").

`norm ?ord ?axes ?keepdims x`. The documentation names the norms, gives the default
("Frobenius for matrices, 2-norm for vectors", nx.txt:1914) and says that matrix norms take
two axes ("For matrix norms, must be 2-element list", nx.txt:1924), so one axis is a vector
norm. Norms are the rounded mathematical values (IEEE 754): the 2-norm of [1e200, 1e200] is
sqrt 2 · 1e200, not the overflow of its squares. Where the documentation is silent the
reference takes Nx 1.0.0~alpha1's answer, one of those the cases accept (see the notes).
Without `axes`:

| ord | 1-D x | x of 2 or more dimensions (matrices on the last two axes) |
|---|---|---|
| default, `` `Fro `` | sqrt(sum |x|²) | sqrt(sum |x|²) over every element |
| `` `P p `` | (sum |x|^p)^(1/p); p = ±inf max / min |x| | the same over every element (*) |
| `` `One `` / `` `NegOne `` | sum |x| / min |x| | max / min column sum of |x_ij| |
| `` `Inf `` / `` `NegInf `` | max |x| / min |x| | max / min row sum of |x_ij| |
| `` `Two `` / `` `NegTwo `` | sqrt(sum |x|²) / refused | largest / smallest singular value |
| `` `Nuc `` | refused | sum of the singular values |

(*) except `P 1 of a 2-D x, which is the max column sum. For x of more than two
dimensions the matrix norms are taken over every matrix of the
batch at once (the max, min or sum over all of them). With `axes`, the default, `Fro and
`P p reduce those axes element-wise as above; the other norms need two axes (rows,
columns) and give one norm per matrix, except over one axis, where `One, `Two, `Inf,
`NegOne and `NegInf are the vector norms of the table. `keepdims` keeps the reduced axes
with size 1.
The result has x's dtype (the documented signature `('a, 'b) t -> ('a, 'b) t`): a
complex x gives its real norms with imaginary part 0.
"""

from __future__ import annotations

import math

import numpy as np

from reference.errors import check_axes, invalid, require
from reference.nx._cores.matrices import float_values
from reference.nx._cores.svd import svd
from reference.ocaml import Variant
from reference.registry import op
from reference.tensor import Tensor

MATRIX_ORDS = ("Fro", "Nuc", "One", "Two", "Inf", "NegOne", "NegTwo", "NegInf")


@op("nx", "norm")
def norm(
    x: Tensor,
    *,
    ord: str | Variant | None = None,
    axes: tuple[int, ...] | None = None,
    keepdims: bool = False,
) -> Tensor:
    values = float_values("norm", x)
    if isinstance(ord, Variant) and ord.name == "P":
        p = float(ord.payload)
        # Note: R167 — the documentation names `P p "p-norm for vectors". As Nx 1.0.0~alpha1, it
        # is the element-wise p-norm of any x over `axes` (every element without them),
        # except that `P 1 of a 2-D x without axes is the matrix 1-norm.
        if p == 1 and axes is None and x.ndim == 2:
            return finish(x, matrix_norm(values, "One"), (0, 1), keepdims)
        reduced = tuple(range(x.ndim)) if axes is None else check_axes("norm", axes, x.ndim)
        return finish(x, p_norm(values, reduced, p), reduced, keepdims)
    if ord is None or ord == "Fro":
        # Note: R167 — the default ("Frobenius for matrices, 2-norm for vectors") and `Fro are, as
        # in Nx 1.0.0~alpha1, sqrt(sum |x|²) over `axes` or every element, whatever their
        # number or x's rank (a vector's `Fro is its 2-norm).
        reduced = tuple(range(x.ndim)) if axes is None else check_axes("norm", axes, x.ndim)
        return finish(x, p_norm(values, reduced, 2.0), reduced, keepdims)
    ord = matrix_ord(ord)
    if axes is None:
        if x.ndim == 1:
            return finish(x, vector_norm(values, ord), (0,), keepdims)
        require(x.ndim >= 2, "norm", f"`{ord} of a 0-D tensor: it needs a vector or matrices")
        return finish(x, batch_norm(values, ord), tuple(range(x.ndim)), keepdims)
    axes = check_axes("norm", axes, x.ndim)
    # "For matrix norms, [axes] must be 2-element list" (nx.txt:1924): one axis is a vector
    # norm (Nx 1.0.0~alpha1 raises there: upstream).
    if len(axes) == 1:
        moved = np.moveaxis(values, axes[0], -1)
        return finish(x, vector_norm(moved, ord), axes, keepdims)
    # Note: R167 — a named norm over three or more axes raises (as Nx 1.0.0~alpha1).
    require(len(axes) == 2, "norm", f"`{ord} over {len(axes)} axes {list(axes)}; it needs two")
    moved = np.moveaxis(values, axes, (-2, -1))
    return finish(x, matrix_norm(moved, ord), axes, keepdims)


def matrix_ord(ord: str | Variant, function: str = "norm") -> str:
    """The name of a norm given by a constant constructor."""
    if isinstance(ord, str) and ord in MATRIX_ORDS:
        return ord
    raise invalid(
        function,
        f"{ord!r} is not a norm; use `Fro, `Nuc, `One, `Two, `Inf, "
        f"`NegOne, `NegTwo, `NegInf or `P p",
    )


def p_norm(x: np.ndarray, axes: tuple[int, ...], p: float) -> np.ndarray:
    """(sum |x|^p)^(1/p) over `axes` (wide values), max / min |x| for p = ±inf."""
    size = np.abs(x)
    with np.errstate(all="ignore"):
        if p == math.inf:
            return extreme(size, np.maximum, axes, "the maximum")
        if p == -math.inf:
            return extreme(size, np.minimum, axes, "the minimum")
        # The norm is the rounded mathematical value (IEEE 754): the entries are scaled by the
        # largest magnitude before the powers are summed, so that squares of entries near
        # 1e200 do not overflow (Nx 1.0.0~alpha1 overflows to inf: upstream).
        if p > 0 and size.size:
            scale = np.max(size, axis=axes, keepdims=True)
            usable = np.isfinite(scale) & (scale > 0)
            safe = np.where(usable, scale, 1.0)
            scaled = np.add.reduce((size / safe) ** p, axis=axes) ** (1.0 / p)
            result = scaled * np.squeeze(safe, axis=axes)
            plain = np.add.reduce(size**p, axis=axes) ** (1.0 / p)
            return np.where(np.squeeze(usable, axis=axes), result, plain)
        # Note: R167 — p = 0 is the formula as it stands, n^(1/0) (inf for more than one
        # element), as Nx 1.0.0~alpha1; the cases also accept NumPy's count of the non-zeros.
        return np.add.reduce(size**p, axis=axes) ** np.divide(1.0, p)


def vector_norm(x: np.ndarray, ord: str) -> np.ndarray:
    """A norm named by a constant constructor, of the vectors along the last axis of `x`."""
    size = np.abs(x)
    if ord == "One":
        return np.add.reduce(size, axis=-1)
    if ord == "Two":
        # "2-norm for vectors" (nx.txt:1914); Nx 1.0.0~alpha1 raises: upstream.
        return p_norm(x, (x.ndim - 1,), 2.0)
    if ord in ("Inf", "NegInf", "NegOne"):
        # Note: R167 — as Nx 1.0.0~alpha1 (the documentation defines `NegOne as a "min column
        # sum" only), `NegOne of a vector is min |x|, like `NegInf.
        # The cases also accept NumPy's harmonic -1 norm.
        which = np.maximum if ord == "Inf" else np.minimum
        what = "the maximum" if ord == "Inf" else "the minimum"
        return extreme(size, which, (x.ndim - 1,), what)
    # Note: R167 — as Nx 1.0.0~alpha1, `NegTwo and `Nuc of a vector raise (the cases also accept
    # NumPy's -2 norm for `NegTwo).
    raise invalid("norm", f"`{ord} of a vector: it is a norm of matrices (singular values)")


def batch_norm(x: np.ndarray, ord: str) -> np.ndarray:
    """A matrix norm of every matrix of `x` (the last two axes) at once: the max, min or
    sum of the per-matrix quantities over the whole batch."""
    # Note: R167 — the documentation does not say how a norm without axes treats more than two
    # dimensions; as Nx 1.0.0~alpha1, the column sums, row sums or singular values of all
    # the matrices are pooled, so the result is one number.
    size = np.abs(x)
    if ord in ("One", "NegOne"):
        pooled, which = np.add.reduce(size, axis=-2), ord == "One"
    elif ord in ("Inf", "NegInf"):
        pooled, which = np.add.reduce(size, axis=-1), ord == "Inf"
    else:
        _, pooled, _ = svd(x, vectors=False)
        if ord == "Nuc":
            return np.add.reduce(pooled, axis=None)
        which = ord == "Two"
    every = tuple(range(pooled.ndim))
    return extreme(pooled, np.maximum if which else np.minimum, every, f"`{ord}")


def matrix_norm(x: np.ndarray, ord: str) -> np.ndarray:
    """The matrix norm `ord` of the last two axes of `x` (wide values), one per matrix."""
    size = np.abs(x)
    if ord == "Fro":
        return p_norm(x, (-2, -1), 2.0)
    if ord in ("One", "NegOne"):
        column_sums = np.add.reduce(size, axis=-2)
        which = np.maximum if ord == "One" else np.minimum
        return extreme(column_sums, which, (-1,), "a column sum")
    if ord in ("Inf", "NegInf"):
        row_sums = np.add.reduce(size, axis=-1)
        which = np.maximum if ord == "Inf" else np.minimum
        return extreme(row_sums, which, (-1,), "a row sum")
    _, singular, _ = svd(x, vectors=False)
    if ord == "Nuc":
        return np.add.reduce(singular, axis=-1)
    # Singular values come in descending order: the first is the largest.
    require(singular.shape[-1] > 0, "norm", f"`{ord} of an empty matrix has no singular value")
    return singular[..., 0] if ord == "Two" else singular[..., -1]


def extreme(values: np.ndarray, which: np.ufunc, axes: tuple[int, ...], what: str) -> np.ndarray:
    """The max or min over `axes`; over nothing there is none and it is refused."""
    # Note: R124 — like `max`/`min` of an empty axis (READINGS R124), a norm
    # taking the max or min over nothing raises.
    require(all(values.shape[a] > 0 for a in axes), "norm", f"{what} over nothing does not exist")
    return which.reduce(values, axis=axes)


def finish(x: Tensor, result: np.ndarray, axes: tuple[int, ...], keepdims: bool) -> Tensor:
    """The result in x's dtype, with the reduced axes kept as size 1 if asked."""
    if keepdims:
        result = np.expand_dims(result, tuple(sorted(a % x.ndim for a in axes)))
    return Tensor.from_values(result, x.dtype)
