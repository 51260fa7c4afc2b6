"""dstack: join tensors depth-wise, along axis 2 (nx.txt, "Array Combination and
Splitting").

Tensors are first made at least 3-D: a 1-D [n] becomes [1; n; 1], a 2-D [m; n] becomes
[m; n; 1], and rank 3 or more is unchanged; then they are joined along axis 2. The
result is a new tensor.
"""

from reference.nx.combination._common import check_tensors, joined
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor

# The documented rule for ranks 1 and 2; a scalar becomes [1; 1; 1] (NumPy `atleast_3d`).
_AT_LEAST_3D = {
    0: lambda shape: (1, 1, 1),
    1: lambda shape: (1, shape[0], 1),
    2: lambda shape: (shape[0], shape[1], 1),
}


@op("nx", "dstack")
def dstack(ts: list[Tensor]) -> Tensor:
    check_tensors("dstack", ts)
    # Note: R56 — the scalar row of `_AT_LEAST_3D` is NumPy's; the documentation lists 1-D and up.
    depth = [reshaped("dstack", t, _AT_LEAST_3D[t.ndim](t.shape)) if t.ndim < 3 else t
             for t in ts]
    return joined("dstack", depth, 2)
