"""vstack: join tensors row-wise, along axis 0 (nx.txt, "Array Combination and
Splitting").

1-D tensors of shape [n] are taken as rows [1; n]; tensors of rank 2 or more are joined
along axis 0, so they must match in every other dimension. The result is a new tensor.
"""

from reference.nx.combination._common import check_tensors, joined
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "vstack")
def vstack(ts: list[Tensor]) -> Tensor:
    check_tensors("vstack", ts)
    # Note: R56 — a scalar is taken as the 1x1 matrix [1; 1] (NumPy `atleast_2d`; the
    # documentation only speaks of 1-D and higher).
    rows = [reshaped("vstack", t, (1, t.numel)) if t.ndim < 2 else t for t in ts]
    return joined("vstack", rows, 0)
