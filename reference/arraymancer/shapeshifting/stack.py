"""stack: join tensors along a new axis (arraymancer_shapeshifting.txt, Arraymancer).

`stack(tensors, axis = 0)`: documented, "join a sequence of tensors along a new axis into
a new tensor": the tensors, all of one shape and element type, become the slices of the
result along the new dimension `axis` (so its size is the number of tensors). A copy.
A refusal (an empty list, different shapes, an axis outside [0, rank] or negative; a Nim
exception)
is read as `Invalid_argument` (see `_common`).
"""

import numpy as np

from reference.arraymancer.shapeshifting._common import check_same, insert_position
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("arraymancer", "stack")
def stack(tensors: list[Tensor], *, axis: int = 0) -> Tensor:
    first = check_same("stack", tensors, "all must have one shape")
    for i, t in enumerate(tensors):
        require(
            t.shape == first.shape,
            "stack",
            f"tensor {i} has shape {list(t.shape)} and tensor 0 has shape "
            f"{list(first.shape)}; all must have one shape",
        )
    axis = insert_position("stack", axis, first.ndim)
    return Tensor.from_values(np.stack([t.values() for t in tensors], axis=axis), first.dtype)
