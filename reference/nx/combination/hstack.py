"""hstack: join tensors column-wise (nx.txt, "Array Combination and Splitting").

1-D tensors are joined end to end (along axis 0); tensors of rank 2 or more along axis
1, so they must match in every other dimension (a 1-D tensor among them is a column). The
result is a new tensor.
"""

from reference.nx.combination._common import check_tensors, joined
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "hstack")
def hstack(ts: list[Tensor]) -> Tensor:
    check_tensors("hstack", ts)
    # Note: R56 — a scalar is taken as the 1-D [1] (NumPy `atleast_1d`) when every tensor has
    # rank 0 or 1, which are then joined end to end. A mix with a rank of 2 or more is
    # silent in the documentation (NumPy takes the axis from the first tensor and
    # refuses the mix); cases accept a refusal or this, what Nx 1.0.0~alpha1 does: the join
    # is along axis 1, a 1-D tensor of n elements taken as the column [n; 1] and a scalar as
    # [1; 1].
    if all(t.ndim <= 1 for t in ts):
        return joined("hstack", [reshaped("hstack", t, (t.numel,)) for t in ts], 0)
    columns = [reshaped("hstack", t, (t.numel, 1)) if t.ndim <= 1 else t for t in ts]
    return joined("hstack", columns, 1)
