"""asContiguous: a tensor with a packed layout (arraymancer_shapeshifting.txt, Arraymancer).

`asContiguous(t, layout = rowMajor, force = false)`: documented, a tensor with general
striding becomes contiguous, row-major (C order, `rowMajor`) by default or column-major
(Fortran order, `colMajor`: the first dimension varies fastest, strides 1, d0, d0*d1,
...). A tensor already contiguous in either order keeps its layout unless `force` asks
for the other one. The result is always "fully packed". Nx has no column-major layout:
this is Arraymancer's own. A refusal (a Nim exception) is read as `Invalid_argument`.
"""

import numpy as np

from reference.errors import require
from reference.layout import View, c_contiguous_strides
from reference.registry import op
from reference.tensor import Tensor

LAYOUTS = ("rowMajor", "colMajor")


def is_f_contiguous(v: View) -> bool:
    """Column-major with no gaps: the reversed view is C-contiguous."""
    return View(v.shape[::-1], v.strides[::-1], v.offset, v.mask).is_c_contiguous()


def packed(t: Tensor, layout: str) -> Tensor:
    """A new tensor of `t`'s elements laid out in `layout` order."""
    if layout == "rowMajor":
        return Tensor.from_values(t.values(), t.dtype)
    buffer = np.ravel(t.values(), order="F").copy()
    return Tensor(buffer, t.dtype, View(t.shape, c_contiguous_strides(t.shape[::-1])[::-1], 0))


@op("arraymancer", "asContiguous")
def as_contiguous(t: Tensor, *, layout: str = "rowMajor", force: bool = False) -> Tensor:
    require(layout in LAYOUTS, "asContiguous",
            f"layout {layout!r} is not an OrderType (rowMajor or colMajor)")
    c_order, f_order = t.is_c_contiguous(), is_f_contiguous(t.view)
    # Note: R232 — "the layout is kept if the tensor is already contiguous", and "fully packed"
    # holds for it already: such a tensor is returned as it is (Arraymancer's code does),
    # also when `force` asks for the layout it has. Only the layout is pinned by cases
    # ("an F-contiguous tensor keeps its layout"), not whether the result is a copy.
    wanted = c_order if layout == "rowMajor" else f_order
    if wanted or ((c_order or f_order) and not force):
        return t
    return packed(t, layout)
