"""Reshaping without copying: the strides of a view with another shape, when one exists.

`spec/documents/nx_core_view.txt` (`View.reshape`: "a view over the same storage with
new_shape when stride-compatible": C-contiguous reshapes, adding or removing singleton
dimensions, "certain merge/split patterns on compatible strided layouts", all-zero-stride
broadcast layouts) and `spec/documents/nx.txt` (`reshape`: a view when strides
allow, a copy otherwise). `View.reshape` and `nx.reshape` both ask `reshape_strides`.
"""

from __future__ import annotations

from itertools import pairwise
from math import prod

from reference.layout import c_contiguous_strides


def reshape_strides(
    shape: tuple[int, ...], strides: tuple[int, ...], new_shape: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The element strides of a view of the same elements, in row-major order, with
    `new_shape`; None when no strided view can represent it.

    Algorithm: NumPy's `_attempt_nocopy_reshape` (numpy/_core/src/multiarray/shape.c),
    C order. Size-1 dimensions of the source are dropped first (their stride is
    meaningless). Then the old and new dimensions are walked in step, growing a group on
    each side until the two groups hold the same number of elements; the old group must be
    contiguous in memory on its own (each stride is the next one times the next size),
    and the new group is laid over it with row-major strides ending in the old group's
    last stride. Trailing new size-1 dimensions take the stride of the dimension before.
    An all-zero-stride (broadcast) layout passes every contiguity check and stays all zero.
    A zero-size shape is always representable: it gets the C-contiguous strides of
    `new_shape` (nx_core_shape.txt's zero-size rule), as NumPy treats every empty array as
    contiguous. A different number of elements is not a view of the same elements: None.
    """
    if prod(shape) != prod(new_shape):
        return None
    if prod(new_shape) == 0:
        return c_contiguous_strides(tuple(new_shape))
    old = [(dim, stride) for dim, stride in zip(shape, strides, strict=True) if dim != 1]
    new_strides = [0] * len(new_shape)
    old_start = new_start = 0
    while old_start < len(old) and new_start < len(new_shape):
        old_end, new_end = old_start + 1, new_start + 1
        old_size, new_size = old[old_start][0], new_shape[new_start]
        while old_size != new_size:
            if new_size < old_size:
                new_size *= new_shape[new_end]
                new_end += 1
            else:
                old_size *= old[old_end][0]
                old_end += 1
        group = old[old_start:old_end]
        for (_, outer), (inner_dim, inner) in pairwise(group):
            if outer != inner_dim * inner:
                return None
        new_strides[new_end - 1] = group[-1][1]
        for axis in range(new_end - 1, new_start, -1):
            new_strides[axis - 1] = new_strides[axis] * new_shape[axis]
        old_start, new_start = old_end, new_end
    trailing = new_strides[new_start - 1] if new_start > 0 else 1
    new_strides[new_start:] = [trailing] * (len(new_shape) - new_start)
    return tuple(new_strides)
