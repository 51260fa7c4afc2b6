"""pad: add virtual padding around a view (nx_core_view.txt, Nx_core.View, "Transformations").

`pad v padding` grows every dimension by (before, after) positions that hold no element:
the data stays in place (the offset moves back by sum_i before_i * stride_i, so it may
become negative) and a mask records the valid original region, (before, before + size)
along every dimension, intersected with the view's own mask moved by `before`.
Documented: `Invalid_argument` if `padding` does not have one pair per dimension or a
component is negative.
"""

from reference.errors import require
from reference.layout import View
from reference.registry import op
from reference.view._common import check_rank, check_view, finish


@op("view", "pad")
def pad(v: View, padding: tuple[tuple[int, int], ...]) -> View:
    check_rank("pad", "padding", padding, check_view("pad", v))
    for axis, (before, after) in enumerate(padding):
        require(before >= 0 and after >= 0, "pad",
                f"padding ({before}, {after}) of dimension {axis} is negative")
    shape = [before + size + after for (before, after), size in zip(padding, v.shape, strict=True)]
    offset = v.offset - sum(before * s for (before, _), s in zip(padding, v.strides, strict=True))
    # Note: R214 — the offset may become negative
    # and the valid region is recorded as a mask, one interval per dimension.
    valid = v.mask or tuple((0, size) for size in v.shape)
    mask = tuple(
        (before + min(max(b, 0), size), before + min(max(e, 0), size))
        for (b, e), (before, _), size in zip(valid, padding, v.shape, strict=True)
    )
    return finish(shape, v.strides, offset, mask)
