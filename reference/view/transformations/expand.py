"""expand: broadcast the singleton dimensions of a view (nx_core_view.txt, Nx_core.View).

`expand v new_shape` gives every dimension of size 1 that grows to its new size the
stride 0 (all its indices read the one element); dimensions that keep their size keep
their stride. Documented: a scalar (ndim 0) expands to any rank, every stride 0;
otherwise `Invalid_argument` if the ranks differ or a dimension that is not 1 would have
to change size. The offset is kept; a zero-size result follows `create` (offset 0).
"""

from reference.errors import check_shape, require
from reference.layout import View
from reference.registry import op
from reference.view._common import check_view, finish


@op("view", "expand")
def expand(v: View, new_shape: tuple[int, ...]) -> View:
    check_view("expand", v)
    new_shape = check_shape("expand", new_shape)
    if v.ndim == 0:
        return finish(new_shape, (0,) * len(new_shape), v.offset, None)
    require(len(new_shape) == v.ndim, "expand",
            f"cannot expand a rank-{v.ndim} view (shape {list(v.shape)}) to the rank-"
            f"{len(new_shape)} shape {list(new_shape)}; the ranks must be equal")
    mask = v.mask or ((0, dim) for dim in v.shape)
    strides, new_mask = [], []
    for axis, (old, new, stride, (b, e)) in enumerate(
        zip(v.shape, new_shape, v.strides, mask, strict=True)
    ):
        require(old in (1, new), "expand",
                f"dimension {axis} has size {old}; only a size-1 dimension can become {new} "
                f"(shape {list(v.shape)} to {list(new_shape)})")
        if old == new:
            strides.append(stride)
            new_mask.append((b, e))
        else:
            # Note: R218 — the documentation is silent on masks, and expand raises only for
            # incompatible ranks or a non-singleton dimension (nx_core_view.txt:50). A
            # broadcast dimension repeats its one element: valid everywhere if index 0 was
            # valid, nowhere otherwise (tinygrad's View.expand; Nx 1.0.0~alpha3 raises, an
            # upstream finding). Cases: view.expand/"a masked-out singleton expands to a
            # dimension valid nowhere", "a masked singleton expands to a valid dimension".
            strides.append(0)
            new_mask.append((0, new) if b <= 0 < e else (0, 0))
    return finish(new_shape, strides, v.offset, None if v.mask is None else tuple(new_mask))
