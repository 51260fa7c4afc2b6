"""What the decomposition, eigenvalue, norm and solver ops share: their matrix operands.

nx.txt, "Linear Algebra": "Most linear algebra functions require floating-point or
complex tensors. Functions will raise Invalid_argument if given integer tensors." The
ops of "Matrix Decompositions", "Eigenvalues and Eigenvectors", "Norms and Condition
Numbers" and "Solving Linear Systems" read their operands here:

- every float and complex dtype is accepted; the elements are taken exactly into the
  wide type (float64 / complex128), the numeric core runs there, and the result is
  rounded once into its dtype (`Tensor.from_values`);
- integer and bool tensors are refused with `Invalid_argument`;
- a matrix is the last two axes; the axes before them are a batch of matrices.

It also holds the small helpers these ops share: result dtypes, the conjugate transpose,
the Hermitian matrix one triangle stands for, the exact power-of-two scaling of the
iterative cores, and the order of eigenvalues and singular values (through the
reference's own sort, `bitonic`).
"""

from __future__ import annotations

import math

import numpy as np

from reference.dtypes import (
    COMPLEX64,
    DType,
    part_dtype,
)
from reference.errors import invalid, require
from reference.nx._cores.bitonic import bitonic_argsort
from reference.nx._cores.elementwise import wide
from reference.tensor import Tensor


def float_values(function: str, t: Tensor) -> np.ndarray:
    """The elements of a float or complex tensor in the wide type (a fresh array)."""
    if not (t.dtype.is_float or t.dtype.is_complex):
        raise invalid(
            function,
            f"a {t.dtype.name} tensor was given; this function needs a "
            f"floating-point or complex tensor",
        )
    return np.array(wide(t), copy=True)


def matrices(function: str, t: Tensor, *, square: bool = False) -> np.ndarray:
    """The wide elements of a (batch of) matrices: at least 2-D, square if asked."""
    require(
        t.ndim >= 2,
        function,
        f"input has shape {list(t.shape)}; it must be a matrix (at least 2-D, the last two axes)",
    )
    values = float_values(function, t)
    if square:
        rows, columns = t.shape[-2:]
        require(
            rows == columns,
            function,
            f"input has shape {list(t.shape)}; its last two axes must be a square matrix",
        )
    return values


def real_dtype(dtype: DType) -> DType:
    """The real dtype of the same width: the part dtype of a complex one, else itself."""
    return part_dtype(dtype) if dtype.is_complex else dtype


def complex_dtype(function: str, dtype: DType) -> DType:
    """The complex dtype of eigenvalues of a `dtype` matrix: complex64, the type of `eig`
    and `eigvals` (`('a, 'b) t -> (Complex.t, complex64_elt) t`, nx.mli:2592, 2615), for
    every float or complex dtype (nx.mli:2600: other inputs raise)."""
    # Note: R156 — eig's prose says float32 gives complex32 (nx.txt:1880), its type complex64
    # (ERRATA nx.eig); the cases accept either for eig of float32, and the reference
    # follows the type.
    require(
        dtype.is_float or dtype.is_complex,
        function,
        f"a {dtype.name} matrix: eigenvalues take a float or complex dtype",
    )
    return COMPLEX64


def conj_t(x: np.ndarray) -> np.ndarray:
    """The conjugate transpose of the last two axes (a view for real arrays)."""
    swapped = np.swapaxes(x, -1, -2)
    return np.conj(swapped) if np.iscomplexobj(x) else swapped


def identity(batch: tuple[int, ...], n: int, dtype) -> np.ndarray:
    """A fresh batch of n×n identity matrices."""
    eye = np.zeros((*batch, n, n), dtype=dtype)
    eye[..., np.arange(n), np.arange(n)] = 1
    return eye


def power_of_two_scale(a: np.ndarray) -> np.ndarray:
    """For each matrix of `a` (..., m, n), a power of two s that brings the largest
    magnitude into [0.5, 1) (1 for a zero or non-finite matrix; at most 2^1020 for tiny
    ones). Multiplying by it is exact, and keeps the squares and products of the
    iterations (eigenvalues, singular values) away from overflow and underflow, as LAPACK
    scales its inputs; the eigenvalues and singular values are divided by it after."""
    largest = np.max(np.abs(a), axis=(-2, -1), initial=0.0)
    _, exponent = np.frexp(largest)
    usable = np.isfinite(largest) & (largest > 0)
    return np.where(usable, np.ldexp(1.0, np.minimum(-exponent, 1020)), 1.0)


def hermitian_from(function: str, a: np.ndarray, uplo: str) -> np.ndarray:
    """The Hermitian matrices that the lower (`L`) or upper (`U`) triangles of `a` stand
    for; the other strict triangle is not read, nor the imaginary part of the diagonal."""
    require(uplo in ("L", "U"), function, f"uplo is `{uplo}; it must be `L or `U")
    n = a.shape[-1]
    rows, columns = np.arange(n)[:, None], np.arange(n)[None, :]
    below = rows > columns if uplo == "L" else rows < columns
    triangle = np.where(below, a, 0)
    diagonal = np.where(rows == columns, a.real, 0)
    return triangle + diagonal + conj_t(triangle)


def sorted_order(keys: np.ndarray, *, descending: bool = False) -> np.ndarray:
    """For each row of `keys` (..., n) of real numbers, the indices that list it in
    ascending (or descending) order, ties in their original order: the stable bitonic
    network of `bitonic`, the reference's one sort."""
    *batch, n = keys.shape
    rows = bitonic_argsort(keys.reshape(math.prod(batch), n), descending)
    return rows.reshape(keys.shape).astype(np.intp)
