"""linear_index: the buffer position of an index (nx_core_view.txt, Nx_core.View, "Indexing").

`linear_index v idx` is `offset v + sum_i idx.(i) * (strides v).(i)`. Documented: it
raises `Invalid_argument` if `Array.length idx <> ndim v`, and it validates neither the
index bounds nor the mask (an index past a dimension, or a negative one, still has a
position by the formula).
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_rank, check_view


@op("view", "linear_index")
def linear_index(v: View, idx: tuple[int, ...]) -> int:
    check_rank("linear_index", "index", idx, check_view("linear_index", v))
    return v.linear_index(tuple(idx))
