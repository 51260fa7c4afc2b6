"""numel: the product of a view's dimensions (nx_core_view.txt, Nx_core.View, "Accessors").

Documented: the numel of a scalar (ndim 0) is 1. The mask does not change it: masked
positions are elements of the view too.
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


@op("view", "numel")
def numel(v: View) -> int:
    return check_view("numel", v).numel
