"""Which elements a reduction of `nx` combines (nx.txt, "Reduction Operations").

`?axes` (default: every axis) names the axes reduced: negative axes count from the end
(documented); an axis out of range or named twice (after resolving negatives) raises
`Invalid_argument`; `~axes:[]` reduces nothing, so every element is a group of its own.
`?keepdims` (default false) keeps each reduced axis as a dimension of size 1. A
reduction over every axis gives a 0-d tensor.

A `Reduction` is the plan of one call. `groups` lays the elements out as
`kept_shape + (count,)`: the reduced axes moved last and flattened in row-major order,
so that every reduction is a NumPy reduction over the last axis (`axis=-1`), and
`reduce` stores the per-group results in the result shape, rounded or wrapped once into
the result dtype (`Tensor.from_values`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import prod

import numpy as np

from reference.dtypes import DType
from reference.errors import check_axes, invalid
from reference.nx._cores.elementwise import wide
from reference.tensor import Tensor


@dataclass(frozen=True)
class Reduction:
    """Reduce `shape` over `axes` (resolved, ascending), keeping them if `keepdims`."""

    shape: tuple[int, ...]
    axes: tuple[int, ...]
    keepdims: bool

    @property
    def kept_shape(self) -> tuple[int, ...]:
        return tuple(size for axis, size in enumerate(self.shape) if axis not in self.axes)

    @property
    def count(self) -> int:
        """How many elements each group combines (1 when no axis is reduced)."""
        return prod(self.shape[axis] for axis in self.axes)

    @property
    def result_shape(self) -> tuple[int, ...]:
        if not self.keepdims:
            return self.kept_shape
        return tuple(1 if axis in self.axes else size for axis, size in enumerate(self.shape))


def plan(function: str, shape: Sequence[int], axes: Sequence[int] | None,
         keepdims: bool) -> Reduction:
    """The reduction of `shape` over `axes` (None: every axis), axes checked."""
    ndim = len(shape)
    resolved = tuple(range(ndim)) if axes is None else check_axes(function, axes, ndim)
    return Reduction(tuple(shape), tuple(sorted(resolved)), keepdims)


def groups(values: np.ndarray, reduction: Reduction) -> np.ndarray:
    """`values` (of the reduction's shape) as `kept_shape + (count,)`: each group along
    the last axis, its elements in row-major order of the reduced axes."""
    last = range(values.ndim - len(reduction.axes), values.ndim)
    moved = np.moveaxis(values, reduction.axes, tuple(last))
    return moved.reshape((*reduction.kept_shape, reduction.count))


Kernel = Callable[[np.ndarray], np.ndarray]

# NumPy's native dtypes: order-only kernels give the same answer on the stored values.
IN_STORAGE = frozenset({"float16", "float32", "float64", "int8", "uint8", "int16", "uint16",
                        "int32", "int64", "int", "nativeint", "qint8", "quint8", "bool"})


def reduce(function: str, t: Tensor, axes: Sequence[int] | None, keepdims: bool,
           kernel: Kernel, *, result_dtype: DType | None = None,
           values: Callable[[Tensor], np.ndarray] = wide,
           needs_elements: bool = False, exact_in_storage: bool = False,
           order_free: bool = False) -> Tensor:
    """`kernel` applied to every group of `t` (its elements as given by `values`, by
    default exactly in the wide type of the dtype), stored once in `result_dtype`
    (default: `t`'s dtype). `kernel` takes `kept_shape + (count,)` and reduces the last
    axis. With `needs_elements`, a reduction without identity (max, argmax, ...) refuses
    groups of zero elements. `exact_in_storage`: the kernel only compares elements
    (max, argmax, all, ...), so on NumPy's native dtypes it runs on the stored values
    themselves, with no widened copy; the result is the same. `order_free`: the result
    does not depend on the order the elements are combined in (max, all, integer sums
    modulo 2^64), so a reduction over every axis reads them in memory order, without
    gathering a strided tensor into row-major order first."""
    reduction = plan(function, t.shape, axes, keepdims)
    if needs_elements and reduction.count == 0:
        raise invalid(function, f"cannot reduce zero elements (shape {list(t.shape)}, "
                                f"axes {list(reduction.axes)}): there is no identity")
    if exact_in_storage and values is wide and t.dtype.name in IN_STORAGE:
        elements = t.array()
    else:
        elements = values(t)
    if order_free and len(reduction.axes) == t.ndim:
        grouped = elements.ravel(order="K")
    else:
        grouped = groups(elements, reduction)
    with np.errstate(all="ignore"):
        result = kernel(grouped)
    return Tensor.from_values(np.asarray(result).reshape(reduction.result_shape),
                              result_dtype or t.dtype)
