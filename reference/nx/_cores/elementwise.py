"""How every element-wise op of `nx` computes its result.

The rules (nx.txt, "Broadcasting" and the signatures; `spec/READINGS.md`):

1. **One dtype.** A binary op takes two tensors of one dtype
   (`('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t`): there is no promotion, different dtypes
   raise `Invalid_argument`.
2. **Broadcasting.** The operands broadcast to their common shape (`reference.broadcast`).
3. **Compute wide, round once.** Each element is computed on the operands' exact values
   in a wide type (float64 for every float dtype, complex128 for complex, int64 for
   integers, whose arithmetic is exact modulo 2^64), and the result is rounded (floats:
   to nearest even) or wrapped (integers: modulo 2^bits) once into the result dtype by
   `Tensor.from_values`. For float16 / bfloat16 / float8 this makes +, -, *, / and sqrt
   exactly rounded.
4. **No warnings.** NumPy's floating-point warnings are silenced: IEEE results (inf,
   NaN) are the documented results; an op that must refuse an input (integer division
   by zero) checks for it and raises its documented error.

The `compute` function an op passes gets the wide NumPy arrays and returns the wide
result; `result_dtype` (default: the operands' dtype) is where it is stored.

**A shortcut that changes no result.** Where computing in the storage type itself gives
exactly the rounded (or wrapped) result the rule asks for, the op may say so with
`exact_in_storage=True` and the work is done there, without widened copies: IEEE +, -,
*, / and sqrt on float16 / float32 / float64 are correctly rounded in their own format
(NumPy computes float16 in float32, which has more than 2p + 2 bits, then rounds once),
and +, -, * on machine-width integers wrap modulo 2^bits natively. The 63-bit `int`,
int4 / uint4, bfloat16, the float8 formats, complex and bool always take the wide path.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from reference.broadcast import broadcast_shapes, broadcast_view
from reference.dtypes import DType, Kind
from reference.elements import element
from reference.errors import invalid
from reference.tensor import Tensor

WIDE: dict[Kind, type] = {
    Kind.FLOAT: np.float64,
    Kind.COMPLEX: np.complex128,
    Kind.SIGNED: np.int64,
    Kind.UNSIGNED: np.int64,
    Kind.BOOL: np.bool_,
}

Compute = Callable[..., np.ndarray]

# Where NumPy's own arithmetic on the storage type is the documented result (see above).
_EXACT_IN_STORAGE = frozenset(
    {"float16", "float32", "float64", "int8", "uint8", "int16", "uint16", "int32", "int64",
     "nativeint", "qint8", "quint8"})


def _in_storage(dtype: DType, exact_in_storage: bool) -> bool:
    return exact_in_storage and dtype.name in _EXACT_IN_STORAGE


def wide(t: Tensor) -> np.ndarray:
    """The elements of `t` (shape `t.shape`) exactly, in the wide type of its dtype."""
    return t.array().astype(WIDE[t.dtype.kind])


def same_dtype(function: str, *tensors: Tensor) -> DType:
    """The operands' one dtype, or `Invalid_argument` (no promotion)."""
    first = tensors[0].dtype
    for other in tensors[1:]:
        if other.dtype is not first:
            raise invalid(function, f"dtypes differ ({first.name} and {other.dtype.name}): "
                                    f"the operands must have one dtype")
    return first


def operands(function: str, *tensors: Tensor, in_storage: bool = False) -> list[np.ndarray]:
    """The elements of each operand, broadcast to their common shape: wide copies, or
    (`in_storage`) strided views of the buffers themselves."""
    shape = broadcast_shapes(function, *(t.shape for t in tensors))
    views = [broadcast_view(function, t, shape) for t in tensors]
    return [v.array() if in_storage else wide(v) for v in views]


def unary(function: str, t: Tensor, compute: Compute, result_dtype: DType | None = None,
          *, exact_in_storage: bool = False) -> Tensor:
    """`compute` applied to every element of `t`, stored once in `result_dtype`."""
    in_storage = _in_storage(t.dtype, exact_in_storage) and result_dtype in (None, t.dtype)
    with np.errstate(all="ignore"):
        result = compute(t.array() if in_storage else wide(t))
    return Tensor.from_values(np.asarray(result).reshape(t.shape), result_dtype or t.dtype)


def binary(function: str, a: Tensor, b: Tensor, compute: Compute,
           result_dtype: DType | None = None, *, exact_in_storage: bool = False) -> Tensor:
    """`compute(x, y)` over the broadcast operands (of one dtype), stored once."""
    dtype = same_dtype(function, a, b)
    in_storage = _in_storage(dtype, exact_in_storage) and result_dtype in (None, dtype)
    x, y = operands(function, a, b, in_storage=in_storage)
    with np.errstate(all="ignore"):
        result = compute(x, y)
    return Tensor.from_values(np.asarray(result).reshape(x.shape), result_dtype or dtype)


def scalar_operand(function: str, t: Tensor, value) -> Tensor:
    """The scalar of an `_s` op as a 0-d tensor of `t`'s dtype (an OCaml value of the
    element type: integers wrap into the dtype, floats round to it)."""
    return Tensor.from_values(np.asarray(element(function, t.dtype, value)), t.dtype)


def write_in_place(function: str, target: Tensor, result: Tensor) -> Tensor:
    """Store `result` into `target`'s elements (through its view) and return `target`.

    The in-place `i*` ops compute `op target value` and write it back: the result must
    have `target`'s shape (the value broadcasts to the target, never the reverse).
    """
    if result.shape != target.shape:
        raise invalid(function, f"the result shape {list(result.shape)} is not the target's "
                                f"shape {list(target.shape)} (the value must broadcast to "
                                f"the target)")
    target.array()[...] = result.array()
    return target
