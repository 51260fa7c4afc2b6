"""repeat: repeat each element `count` times (nx.txt, "Shape Manipulation").

Along `~axis`, every index i is repeated `count` times in a row (1 2 3 gives 1 1 2 2 3 3
for count 2); without an axis the tensor is flattened first and the result is 1-D
(NumPy `repeat`). A count of 0 gives an empty dimension. The result is a new tensor.
"""

import numpy as np

from reference.errors import check_axis, require
from reference.nx.shape._common import refuse_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "repeat")
def repeat(count: int, t: Tensor, *, axis: int | None = None) -> Tensor:
    # Note: R49 — a negative count has no meaning and raises (NumPy's `repeat` refuses it too);
    # a count of 0 leaves the dimension empty.
    require(count >= 0, "repeat", f"count {count} is negative; it must be >= 0")
    values = t.values()
    if axis is None:
        refuse_scalar("repeat", t)
        values, axis = values.reshape(-1), 0
    axis = check_axis("repeat", axis, values.ndim)
    # Index j of the repeated dimension reads index j div count of the source (with a
    # count of 0 there is no index j, and nothing is divided).
    sources = np.arange(values.shape[axis] * count) // max(count, 1)
    return Tensor.from_values(np.take(values, sources, axis=axis), t.dtype)
