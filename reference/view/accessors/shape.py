"""shape: the dimensions of a view (nx_core_view.txt, Nx_core.View, "Accessors")."""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


@op("view", "shape")
def shape(v: View) -> tuple[int, ...]:
    return check_view("shape", v).shape
