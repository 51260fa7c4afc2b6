"""What the comparisons and logical ops share (nx.txt, "Comparison and Logical
Operations").

A comparison takes two tensors of one dtype (no promotion), broadcast together, and
returns 1 where the relation holds and 0 elsewhere as uint8 — the documented result type
`(int, uint8_elt) t` — for every input dtype. Values are compared exactly, in the wide
type of their dtype (`_cores/elementwise.py`).

- NaN is unordered (IEEE 754): every ordered comparison with a NaN is 0, `cmpeq` is 0
  and `cmpne` is 1.
- Complex values have no order: the ordered comparisons refuse complex dtypes
  (`refuse_complex`); equality compares both parts.
- cmpge and cmple are the negations of cmplt and cmpgt, so a NaN operand gives 1 there.

`nx_maximum` and `nx_minimum` are the element-wise maximum and minimum every op of the
suite built on them uses (maximum, minimum, clamp, relu, relu6, hard_tanh, hard_sigmoid).
- bool: false < true.

An `_s` variant compares with a scalar of the tensor's element type (`scalar_operand`).
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import UINT8
from reference.errors import require
from reference.nx._cores.elementwise import Compute, binary, scalar_operand, unary
from reference.tensor import Tensor


# Note: R113 — the documentation gives no order on complex numbers. Settled by Nx
# 1.0.0~alpha1, which defines `cmplt` on no complex dtype (Failure "cmplt: operation not
# supported for dtype") and builds its other ordered operations on it (cmpgt, cmple,
# cmpge, minimum, clamp's upper bound, abs, sign, sort): they refuse complex tensors.
# (`maximum` has a complex kernel of its own and keeps complex values.)
def refuse_complex(function: str, t: Tensor) -> None:
    """Raise `Invalid_argument` for a complex `t`: `function` needs an order on its
    elements."""
    require(not t.dtype.is_complex, function,
            f"dtype {t.dtype.name} has no order; {function} takes real tensors")


# Note: R110 — the documentation says nothing of NaN in the element-wise maximum and
# minimum. Settled by Nx 1.0.0~alpha1, whose maximum is `x > y ? x : y` and minimum
# `where (cmplt x y) x y`: a NaN first operand gives the second, a NaN second operand gives
# NaN. Its complex maximum orders by real part, then imaginary part, an unordered real part
# comparing the imaginary parts.
def nx_maximum(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x where x > y, else y (complex: by real part, then imaginary part)."""
    if np.iscomplexobj(x) or np.iscomplexobj(y):
        x, y = np.broadcast_arrays(np.asarray(x, np.complex128), np.asarray(y, np.complex128))
        ties = np.where(x.imag >= y.imag, x, y)
        return np.where(x.real > y.real, x, np.where(x.real < y.real, y, ties))
    return np.where(x > y, x, y)


def nx_minimum(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """x where x < y, else y."""
    return np.where(x < y, x, y)


def compare(function: str, t1: Tensor, t2: Tensor, relation: Compute) -> Tensor:
    """1 where `relation` holds (a NumPy comparison ufunc), else 0, as uint8."""
    return binary(function, t1, t2, relation, result_dtype=UINT8)


def compare_scalar(function: str, t: Tensor, scalar, relation: Compute) -> Tensor:
    """`compare` of every element of `t` with the element `scalar`."""
    return compare(function, t, scalar_operand(function, t, scalar), relation)


def order(function: str, t1: Tensor, t2: Tensor, relation: Compute) -> Tensor:
    """An ordered comparison: `compare` of real tensors, complex ones refused."""
    refuse_complex(function, t1)
    return compare(function, t1, t2, relation)


def order_scalar(function: str, t: Tensor, scalar, relation: Compute) -> Tensor:
    """`order` of every element of `t` with the element `scalar`."""
    refuse_complex(function, t)
    return compare_scalar(function, t, scalar, relation)


def logical(function: str, t1: Tensor, t2: Tensor, combine: Compute) -> Tensor:
    """`combine` of the truth values of two integer or bool tensors (non-zero is true,
    documented for `logical_and`), stored as 1 / 0 in their dtype."""
    # Note: R108 — the documentation restricts no dtype. Settled by Nx 1.0.0~alpha1, whose and /
    # or / xor kernels take only integer and bool dtypes (Failure "and: operation not
    # supported for dtype"): float and complex tensors are refused.
    require(t1.dtype.is_integer or t1.dtype.is_bool, function,
            f"dtype {t1.dtype.name} is not accepted; {function} takes integer or bool tensors")
    return binary(function, t1, t2, lambda x, y: combine(x != 0, y != 0))


def float_test(function: str, t: Tensor, test: Compute, otherwise: bool) -> Tensor:
    """`test` (isnan, isinf, isfinite) of every element as uint8 0 / 1; "non-float types"
    (integers, bool, complex) give `otherwise` everywhere, as documented."""
    if t.dtype.is_float:
        return unary(function, t, test, result_dtype=UINT8)
    return unary(function, t, lambda values: np.full(values.shape, otherwise),
                 result_dtype=UINT8)
