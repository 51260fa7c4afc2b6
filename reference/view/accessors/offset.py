"""offset: the buffer position of a view's first element (nx_core_view.txt, Nx_core.View).

Counted in elements. A view made by `pad` may have a negative offset (its first
position is padding, outside the buffer).
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


@op("view", "offset")
def offset(v: View) -> int:
    return check_view("offset", v).offset
