"""What the Linear Algebra ops share (nx.txt, "Linear Algebra"): the operands' exact
values in a wide type, vectors taken along an axis, and contraction over paired axes by
the matrix-product core (`reference/nx/_cores/matmul.py`)."""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np

from reference.broadcast import broadcast_shapes
from reference.dtypes import DType
from reference.errors import check_axis
from reference.nx._cores.elementwise import WIDE
from reference.nx._cores.matmul import matmul
from reference.tensor import Tensor

# Note: R137 — the section says "Most linear algebra functions require floating-point or complex
# tensors. Functions will raise Invalid_argument if given integer tensors", without
# saying which. The products of this section (dot, matmul, vdot, vecdot, inner, outer,
# tensordot, einsum, kron and cross) only multiply and add, which integers do exactly
# (wrapping modulo 2^bits, READINGS R19), and NumPy accepts integers in all of them
# (READINGS R3): the reference accepts every dtype there. `multi_dot` and `matrix_power`
# refuse integers, as nx.mli:2528 and nx.mli:2538 document ("@raise Invalid_argument if
# input(s) are not float or complex"); so do the decompositions and solvers of later sections.
# Bool products are NumPy's: sums of 0/1 products, stored as `x != 0` (or of ands).


def wide(t: Tensor) -> np.ndarray:
    """The elements of `t` exactly, in the wide type the products compute in (float64,
    complex128, int64; bool counts as the integers 0 and 1)."""
    return t.array().astype(np.int64 if t.dtype.is_bool else WIDE[t.dtype.kind])


def product_tensor(values: np.ndarray, dtype: DType) -> Tensor:
    """A product's exact wide values stored into `dtype`: integers wrap modulo 2^bits."""
    # Note: R137 — (and R19) the documentation is silent on the overflow of integer products; they
    # wrap at every width like the rest of integer arithmetic, int4 and uint4 included (Nx
    # 1.0.0~alpha1's packed int4/uint4 kernels saturate instead: upstream, as in R19).
    return Tensor.from_values(values, dtype)


def summed_products(function: str, a: Tensor, b: Tensor, axis: int) -> np.ndarray:
    """The element-wise products of `a` and `b` (broadcast together) summed along `axis`
    of the broadcast shape; a 0-D product has nothing to sum and is returned as it is."""
    shape = broadcast_shapes(function, a.shape, b.shape)
    products = np.broadcast_to(wide(a), shape) * np.broadcast_to(wide(b), shape)
    if products.ndim == 0:
        return products
    return np.add.reduce(products, axis=check_axis(function, axis, products.ndim))


def contract(
    x: np.ndarray,
    y: np.ndarray,
    batch: tuple[Sequence[int], Sequence[int]],
    summed: tuple[Sequence[int], Sequence[int]],
) -> np.ndarray:
    """Sum of x * y over the paired axes `summed`, element by element along the paired
    axes `batch` (the sizes of paired axes agree).

    The result's axes are the batch axes (in the order given), then x's other axes, then
    y's other axes, each in their own order. Computed as one batched matrix product: x
    is laid out as (batch, free of x, summed) and y as (batch, summed, free of y).
    """
    (batch_x, batch_y), (summed_x, summed_y) = batch, summed
    free_x = [axis for axis in range(x.ndim) if axis not in (*batch_x, *summed_x)]
    free_y = [axis for axis in range(y.ndim) if axis not in (*batch_y, *summed_y)]
    batch_shape = tuple(x.shape[axis] for axis in batch_x)
    free_x_shape = tuple(x.shape[axis] for axis in free_x)
    free_y_shape = tuple(y.shape[axis] for axis in free_y)
    k = prod(x.shape[axis] for axis in summed_x)
    left = np.transpose(x, (*batch_x, *free_x, *summed_x)).reshape(
        (*batch_shape, prod(free_x_shape), k)
    )
    right = np.transpose(y, (*batch_y, *summed_y, *free_y)).reshape(
        (*batch_shape, k, prod(free_y_shape))
    )
    return matmul(left, right).reshape(batch_shape + free_x_shape + free_y_shape)
