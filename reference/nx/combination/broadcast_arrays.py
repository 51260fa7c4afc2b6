"""broadcast_arrays: every tensor broadcast to the common shape (nx.txt, "Array
Combination and Splitting").

The common shape follows the broadcasting rule (dimensions align from the right, each
equal or 1); the result is the list of views of the tensors with that shape, in order,
with stride 0 along broadcast dimensions.
"""

from reference.broadcast import broadcast_shapes, broadcast_view
from reference.errors import require
from reference.nx.combination._common import check_tensors
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "broadcast_arrays")
def broadcast_arrays(ts: list[Tensor]) -> list[Tensor]:
    # Note: R55 — an empty list raises: "@raise Invalid_argument if shapes incompatible or
    # empty list" (nx.mli:989, the interface file).
    require(bool(ts), "broadcast_arrays", "the list is empty (nx.mli:989)")
    check_tensors("broadcast_arrays", ts)
    shape = broadcast_shapes("broadcast_arrays", *(t.shape for t in ts))
    return [broadcast_view("broadcast_arrays", t, shape) for t in ts]
