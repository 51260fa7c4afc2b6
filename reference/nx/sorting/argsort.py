"""argsort: the positions that sort a tensor (nx.txt, "Sorting and Searching").

`argsort ?descending ?axis t` is documented as "equivalent to snd (sort ?descending ?axis
t)": int32 indices such that taking the elements at them along the axis yields the
sorted tensor — stable in both directions, NaN last ascending and first descending
(see `sort`).
"""

from __future__ import annotations

from reference.dtypes import INT32
from reference.nx.sorting._common import sort_positions
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "argsort")
def argsort(t: Tensor, *, descending: bool = False, axis: int = -1) -> Tensor:
    positions, _ = sort_positions("argsort", t, descending, axis)
    return Tensor.from_values(positions, INT32)
