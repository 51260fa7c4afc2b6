"""unsqueeze: insert a dimension of size 1 (arraymancer_shapeshifting.txt, Arraymancer).

`unsqueeze(t, axis)`: documented, "insert a new axis just before the given axis",
raising the rank by 1: the new dimension has index `axis` in the result, so axis = rank
appends one at the end. A view (metadata only). An axis outside [0, rank] (a negative
one too) is refused; the Nim exception is read as `Invalid_argument` (see `_common`).
"""

from reference.arraymancer.shapeshifting._common import insert_position
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


@op("arraymancer", "unsqueeze")
def unsqueeze(t: Tensor, axis: int) -> Tensor:
    axis = insert_position("unsqueeze", axis, t.ndim)
    v = t.view
    # The new dimension has one index, so its stride never reaches another element; the
    # span of the dimension it precedes (1 at the end) keeps a C-contiguous tensor so.
    stride = v.shape[axis] * v.strides[axis] if axis < t.ndim else 1
    mask = None if v.mask is None else (*v.mask[:axis], (0, 1), *v.mask[axis:])
    return t.with_view(
        View(
            (*v.shape[:axis], 1, *v.shape[axis:]),
            (*v.strides[:axis], stride, *v.strides[axis:]),
            v.offset,
            mask,
        )
    )
