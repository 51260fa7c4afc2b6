"""How a flat buffer is read as an n-dimensional tensor: the strided `View`.

`spec/documents/nx_core_view.txt` (Nx_core.View): a view is a shape, strides (in
elements), an offset (in elements) and an optional validity mask. Element
`idx` of the view lives at buffer position `offset + sum_i idx.(i) * strides.(i)`.
View operations change this metadata only; they never copy elements.

`spec/documents/nx_core_shape.txt` (Nx_core.Shape) gives the C-contiguous strides,
with its rule for zero-size dimensions.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod


def c_contiguous_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Row-major element strides of `shape`.

    Documented zero-size rule (nx_core_shape.txt): a zero-size dimension makes its own stride
    and every stride to its left 0 (`[2;0;3]` gives `[0;0;1]`).
    """
    strides = [0] * len(shape)
    running = 1
    for axis in range(len(shape) - 1, -1, -1):
        strides[axis] = running
        running *= shape[axis]
    if 0 in shape:
        rightmost_zero = len(shape) - 1 - shape[::-1].index(0)
        strides[: rightmost_zero + 1] = [0] * (rightmost_zero + 1)
    return tuple(strides)


@dataclass(frozen=True)
class View:
    """A strided view: shape, element strides, element offset, optional mask.

    `mask`, when given, is one half-open interval `(start, end)` per axis: index
    `i` on that axis is valid iff `start <= i < end`.
    """

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    offset: int = 0
    mask: tuple[tuple[int, int], ...] | None = None

    @classmethod
    def contiguous(cls, shape: tuple[int, ...], offset: int = 0) -> View:
        return cls(tuple(shape), c_contiguous_strides(tuple(shape)), offset)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def numel(self) -> int:
        """Product of the dimensions; 1 for a scalar."""
        return prod(self.shape)

    def is_c_contiguous(self) -> bool:
        """Elements lie in row-major order with no gaps.

        Dimensions of size 1 may carry any stride; a zero-size view is contiguous.
        """
        if self.mask is not None:
            return False
        if self.numel == 0:
            return True
        expected = 1
        for dim, stride in zip(reversed(self.shape), reversed(self.strides), strict=True):
            if dim != 1 and stride != expected:
                return False
            expected *= dim
        return True

    def linear_index(self, index: tuple[int, ...]) -> int:
        """Buffer position of element `index` (no bounds or mask check)."""
        return self.offset + sum(i * s for i, s in zip(index, self.strides, strict=True))

    def buffer_extent(self) -> tuple[int, int]:
        """The lowest and highest buffer positions an element of the view touches."""
        if self.numel == 0:
            return self.offset, self.offset
        low = high = self.offset
        for dim, stride in zip(self.shape, self.strides, strict=True):
            reach = (dim - 1) * stride
            if reach < 0:
                low += reach
            else:
                high += reach
        return low, high
