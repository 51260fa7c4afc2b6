"""hstack: join tensors column-wise (seed 001, "Array Combination and Splitting").

1-D tensors are joined end to end (along axis 0); tensors of rank 2 or more along axis
1, so they must match in every other dimension. The result is a new tensor.
"""

from reference.nx.combination._common import check_tensors, joined
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "hstack")
def hstack(ts: list[Tensor]) -> Tensor:
    check_tensors("hstack", ts)
    # Note: R56 — a scalar is taken as the 1-D [1] (NumPy `atleast_1d`), and the axis is chosen
    # by the first tensor, as NumPy's `hstack` does: 0 if it is 1-D, else 1 (a mix of
    # ranks is then refused by the join).
    columns = [reshaped("hstack", t, (1,)) if t.ndim == 0 else t for t in ts]
    return joined("hstack", columns, 0 if columns[0].ndim == 1 else 1)
