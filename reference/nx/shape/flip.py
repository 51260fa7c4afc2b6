"""flip: reverse the order of the elements along some dimensions (nx.txt, "Shape
Manipulation").

By default every dimension is flipped; `~axes` lists those to flip (negative axes count
from the end; one listed twice is flipped once). The result is a view: each flipped stride
is negated and the offset moves to the last element along that axis.
"""

from reference.errors import check_axis
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "flip")
def flip(t: Tensor, *, axes: tuple[int, ...] | None = None) -> Tensor:
    # Note: R236 — a repeated axis is silent in the documentation (NumPy refuses it); cases accept
    # either. The reference, as Nx 1.0.0~alpha1, takes the listed axes as a set: an axis listed
    # twice is flipped once.
    flipped = (
        range(t.ndim)
        if axes is None
        else sorted({check_axis("flip", axis, t.ndim) for axis in axes})
    )
    strides, offset = list(t.strides), t.offset
    for axis in flipped:
        strides[axis] = -strides[axis]
        # A zero-size tensor has no last element: its offset stays where it is.
        if t.numel:
            offset += (t.shape[axis] - 1) * t.strides[axis]
    return t.with_view(View(t.shape, tuple(strides), offset))
