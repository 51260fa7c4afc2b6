"""stack: join tensors of one shape along a new axis (nx.txt, "Array Combination and
Splitting").

All tensors must have identical shapes; the result has rank `ndim + 1`, the new axis at
`~axis` (default 0; negative counts from the end of the result's shape) indexing the
tensors in order. The result is a new tensor.
"""

from reference.errors import check_axis, require
from reference.nx.combination._common import check_tensors, joined
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "stack")
def stack(ts: list[Tensor], *, axis: int = 0) -> Tensor:
    check_tensors("stack", ts)
    shape = ts[0].shape
    require(all(t.shape == shape for t in ts), "stack",
            f"shapes {[list(t.shape) for t in ts]} differ; all must be identical")
    new_axis = check_axis("stack", axis, len(shape) + 1)
    expanded = (*shape[:new_axis], 1, *shape[new_axis:])
    return joined("stack", [reshaped("stack", t, expanded) for t in ts], new_axis)
