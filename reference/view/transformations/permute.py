"""permute: reorder the dimensions of a view (nx_core_view.txt, Nx_core.View).

`permute v axes`: dimension i of the result is dimension `axes.(i)` of `v`, with its
size, stride and mask interval; the offset is kept. Documented: `Invalid_argument` if
`axes` is not a permutation of [0; ndim v - 1] (so no negative axes).
"""

from reference.errors import require
from reference.layout import View
from reference.registry import op
from reference.view._common import check_view, finish


@op("view", "permute")
def permute(v: View, axes: tuple[int, ...]) -> View:
    check_view("permute", v)
    require(sorted(axes) == list(range(v.ndim)), "permute",
            f"axes {list(axes)} are not a permutation of [0; {v.ndim - 1}] (shape "
            f"{list(v.shape)})")
    mask = None if v.mask is None else tuple(v.mask[a] for a in axes)
    return finish([v.shape[a] for a in axes], [v.strides[a] for a in axes], v.offset, mask)
