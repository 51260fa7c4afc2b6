"""shrink: restrict a view to a box (nx_core_view.txt, Nx_core.View, "Transformations").

`shrink v bounds` keeps, along every dimension, the half-open interval (start, end) of
`bounds`: the new size is end - start and the offset moves to the box's first element
(offset + sum_i start_i * stride_i). Documented: 0 <= start < end <= size for every
dimension, one pair per dimension, else `Invalid_argument`. A mask moves with the box
(its intervals shift by -start and are clipped to the new size).
"""

from reference.errors import require
from reference.layout import View
from reference.registry import op
from reference.view._common import check_rank, check_view, finish


@op("view", "shrink")
def shrink(v: View, bounds: tuple[tuple[int, int], ...]) -> View:
    check_rank("shrink", "bounds", bounds, check_view("shrink", v))
    for axis, ((start, end), size) in enumerate(zip(bounds, v.shape, strict=True)):
        require(0 <= start < end <= size, "shrink",
                f"bounds ({start}, {end}) of dimension {axis} (size {size}) do not satisfy "
                f"0 <= start < end <= size")
    shape = [end - start for start, end in bounds]
    offset = v.offset + sum(start * s for (start, _), s in zip(bounds, v.strides, strict=True))
    mask = None
    if v.mask is not None:
        mask = tuple(
            (min(max(b - start, 0), size), min(max(e - start, 0), size))
            for (b, e), (start, _), size in zip(v.mask, bounds, shape, strict=True)
        )
    return finish(shape, v.strides, offset, mask)
