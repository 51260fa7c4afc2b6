"""concat: join tensors along an existing axis (arraymancer_shapeshifting.txt, Arraymancer).

`concat(t_list, axis)`: a new tensor holding the tensors one after the other along
`axis`; every other dimension must agree, and the tensors share one element type (Nim's
`varargs[Tensor[T]]`). The result is a copy. A refusal (an empty list, different
ranks or sizes, an axis outside the tensors or negative; a Nim exception) is read as
`Invalid_argument` (see `_common`).
"""

import numpy as np

from reference.arraymancer.shapeshifting._common import check_same, natural_axis
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("arraymancer", "concat")
def concat(t_list: list[Tensor], axis: int) -> Tensor:
    first = check_same("concat", t_list, "all must have one rank")
    axis = natural_axis("concat", axis, first.ndim)
    for i, t in enumerate(t_list):
        require(
            all(t.shape[a] == first.shape[a] for a in range(t.ndim) if a != axis),
            "concat",
            f"tensor {i} has shape {list(t.shape)} and tensor 0 has shape "
            f"{list(first.shape)}; they may differ only along axis {axis}",
        )
    return Tensor.from_values(np.concatenate([t.values() for t in t_list], axis=axis), first.dtype)
