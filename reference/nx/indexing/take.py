"""take: gather along an axis by a tensor of indices (nx.txt, "Element Access and
Slicing").

`take ?axis ?mode indices t` is NumPy's `t[indices]` along `axis`: the result has shape
`t.shape[:axis] + indices.shape + t.shape[axis+1:]`. Without `axis`, `t` is flattened
first (row-major) and the result has the shape of `indices`. `indices` is an int32
tensor; `mode` treats out-of-range indices: `` `raise `` (default) accepts [-n, n),
negatives counting from the end, and raises `Invalid_argument` otherwise; `` `wrap ``
takes them modulo n (Python modulo); `` `clip `` clamps them to [0, n-1]. The result is
a new tensor.
"""

import numpy as np

from reference.errors import check_axis
from reference.nx.indexing._common import int32_indices, resolve_positions
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "take")
def take(indices: Tensor, t: Tensor, *, axis: int | None = None, mode: str = "raise") -> Tensor:
    source = t.values()
    if axis is None:
        source, axis = source.reshape(-1), 0
    else:
        axis = check_axis("take", axis, t.ndim)
    positions = resolve_positions("take", int32_indices("take", indices), source.shape[axis],
                                  mode)
    return Tensor.from_values(np.take(source, positions, axis=axis), t.dtype)
