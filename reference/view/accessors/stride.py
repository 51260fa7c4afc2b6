"""stride: the element stride of one dimension of a view (nx_core_view.txt, Nx_core.View).

`stride axis v` is `(strides v).(axis)`. Documented: `Invalid_argument` if axis is
outside [0; ndim v - 1].
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view
from reference.view.accessors.dim import require_axis


@op("view", "stride")
def stride(axis: int, v: View) -> int:
    require_axis("stride", axis, check_view("stride", v))
    return v.strides[axis]
