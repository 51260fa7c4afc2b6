"""strides: the element stride of every dimension of a view (nx_core_view.txt, Nx_core.View).

Strides count elements, not bytes (`linear_index v idx` is `offset v + sum_i idx.(i) *
strides v.(i)`).
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


@op("view", "strides")
def strides(v: View) -> tuple[int, ...]:
    return check_view("strides", v).strides
