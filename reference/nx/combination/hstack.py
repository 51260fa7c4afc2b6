"""hstack: join tensors column-wise (nx.txt, "Array Combination and Splitting").

1-D tensors of one length are joined end to end (along axis 0; different lengths raise,
nx.mli:939, ERRATA nx.hstack); tensors of rank 2 or more along axis
1, so they must match in every other dimension (a 1-D tensor among them is a column). The
result is a new tensor.
"""

from reference.errors import require
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
        # "@raise Invalid_argument if incompatible shapes or <2D with different axis 0"
        # (nx.mli:939; ERRATA nx.hstack): 1-D tensors of different lengths raise.
        lengths = {t.shape[0] for t in ts if t.ndim == 1}
        require(
            len(lengths) <= 1,
            "hstack",
            f"1-D tensors of lengths {sorted(lengths)}: they must have one length (nx.mli:939)",
        )
        return joined("hstack", [reshaped("hstack", t, (t.numel,)) for t in ts], 0)
    columns = [reshaped("hstack", t, (t.numel, 1)) if t.ndim <= 1 else t for t in ts]
    return joined("hstack", columns, 1)
