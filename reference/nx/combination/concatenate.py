"""concatenate: join tensors along an existing axis (nx.txt, "Array Combination and
Splitting").

All tensors must have the same rank and the same shape except along `~axis` (negative
counts from the end). Without `~axis`, every tensor is flattened first and the 1-D
results are joined. The result is a new, C-contiguous tensor, even for one tensor.
"""

from reference.nx.combination._common import check_tensors, joined
from reference.nx.shape._common import refuse_scalar, reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "concatenate")
def concatenate(ts: list[Tensor], *, axis: int | None = None) -> Tensor:
    if axis is None:
        check_tensors("concatenate", ts)
        for t in ts:
            refuse_scalar("concatenate", t)
        return joined("concatenate", [reshaped("concatenate", t, (t.numel,)) for t in ts], 0)
    return joined("concatenate", ts, axis)
