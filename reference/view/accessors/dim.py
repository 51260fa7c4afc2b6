"""dim: the size of one dimension of a view (nx_core_view.txt, Nx_core.View, "Accessors").

`dim axis v` is `(shape v).(axis)`. Documented: `Invalid_argument` if axis is outside
[0; ndim v - 1] (a negative axis does not count from the end).
"""

from reference.errors import require
from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


def require_axis(function: str, axis: int, v: View) -> None:
    """`axis` must be in [0; ndim v - 1] (documented for `dim` and `stride`)."""
    require(0 <= axis < v.ndim, function,
            f"axis {axis} is outside [0; {v.ndim - 1}] for a view of shape {list(v.shape)}")


@op("view", "dim")
def dim(axis: int, v: View) -> int:
    require_axis("dim", axis, check_view("dim", v))
    return v.shape[axis]
