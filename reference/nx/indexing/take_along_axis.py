"""take_along_axis: gather with one index per output element (nx.txt, "Element Access
and Slicing").

NumPy's `take_along_axis`: `indices` (int32) has `t`'s rank and `t`'s shape except along
`axis`; the result has the shape of `indices`, and its element at `j` is `t`'s element
whose coordinate along `axis` is `indices.(j)` and whose other coordinates are `j`'s.
Negative indices count from the end; out-of-range ones raise `Invalid_argument`. The
result is a new tensor.
"""

from reference.nx.indexing._common import along_axis
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "take_along_axis")
def take_along_axis(indices: Tensor, t: Tensor, *, axis: int) -> Tensor:
    return Tensor.from_values(t.array()[along_axis("take_along_axis", t, indices, axis)],
                              t.dtype)
