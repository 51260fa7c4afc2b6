"""meshgrid: coordinate grids from two 1-D tensors (nx.txt, "Array Creation").

`meshgrid ?indexing x y` returns (X, Y), two 2-D tensors of one shape. With `` `xy ``
(the default, Cartesian indexing) the shape is (len y, len x), X.(i, j) = x.(j) (X
changes along columns) and Y.(i, j) = y.(i) (Y changes along rows). With `` `ij ``
(matrix indexing) the shape is (len x, len y), X.(i, j) = x.(i) and Y.(i, j) = y.(j).
"""

from reference.errors import require
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


def _grid(t: Tensor, shape: tuple[int, int], along: int) -> Tensor:
    """`t` (1-D) broadcast to `shape`, its own axis being axis `along`: a view."""
    strides = [0, 0]
    strides[along] = t.strides[0]
    mask = None
    if t.view.mask is not None:
        full = [(0, shape[0]), (0, shape[1])]
        full[along] = t.view.mask[0]
        mask = tuple(full)
    return t.with_view(View(shape, tuple(strides), t.offset, mask))


@op("nx", "meshgrid")
def meshgrid(x: Tensor, y: Tensor, *, indexing: str = "xy") -> tuple[Tensor, Tensor]:
    require(x.ndim == 1 and y.ndim == 1, "meshgrid",
            f"x has shape {list(x.shape)} and y has shape {list(y.shape)}; both must be 1-D")
    require(x.dtype is y.dtype, "meshgrid",
            f"x is {x.dtype.name} and y is {y.dtype.name}; both must have the same dtype")
    require(indexing in ("xy", "ij"), "meshgrid",
            f"indexing `{indexing}; it must be `xy or `ij")
    # Note: R22 — meshgrid is among the views: X and Y are broadcast
    # views over the buffers of x and y (a stride of 0 along the repeated axis), so they
    # are not C-contiguous.
    if indexing == "xy":
        shape = (y.shape[0], x.shape[0])
        return _grid(x, shape, along=1), _grid(y, shape, along=0)
    shape = (x.shape[0], y.shape[0])
    return _grid(x, shape, along=0), _grid(y, shape, along=1)
