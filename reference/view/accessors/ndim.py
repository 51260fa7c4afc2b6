"""ndim: the rank of a view, the length of its shape (nx_core_view.txt, Nx_core.View)."""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


@op("view", "ndim")
def ndim(v: View) -> int:
    return check_view("ndim", v).ndim
