"""mask: a view's optional validity mask (nx_core_view.txt, Nx_core.View, "Accessors").

None when every index is valid; otherwise one half-open interval (b, e) per dimension:
index i of that dimension is valid iff b <= i < e.
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import Mask, check_view


@op("view", "mask")
def mask(v: View) -> Mask | None:
    return check_view("mask", v).mask
