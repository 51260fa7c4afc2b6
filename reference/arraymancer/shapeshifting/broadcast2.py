"""broadcast2: two tensors broadcast to their common shape (arraymancer_shapeshifting.txt,
Arraymancer).

Documented: returns the tuple (a, b) of the two tensors seen with a shape compatible for
element-wise computation; dimensions of size 1 are expanded by replicating their values,
and the results "share the underlying data with the input" (views, stride 0 along the
expanded dimensions). Unlike Nx's `broadcast_arrays`, the two tensors must have the same
rank (see `broadcast`). A refusal (a Nim exception) is read as `Invalid_argument`.
"""

from reference.broadcast import broadcast_shapes, broadcast_view
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("arraymancer", "broadcast2")
def broadcast2(a: Tensor, b: Tensor) -> tuple[Tensor, Tensor]:
    require(a.dtype is b.dtype, "broadcast2",
            f"a is {a.dtype.name} and b is {b.dtype.name}; both must have one element type")
    # Note: R233 — as for `broadcast`, only existing dimensions of size 1 are expanded; tensors of
    # different ranks are refused. Case: "different ranks are refused".
    require(a.ndim == b.ndim, "broadcast2",
            f"a has shape {list(a.shape)} and b has shape {list(b.shape)}; the ranks must "
            "be equal")
    shape = broadcast_shapes("broadcast2", a.shape, b.shape)
    return broadcast_view("broadcast2", a, shape), broadcast_view("broadcast2", b, shape)
