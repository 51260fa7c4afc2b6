"""expand: broadcast_to where -1 keeps a dimension (nx.txt, "Shape Manipulation").

Like `broadcast_to`, but a -1 in `shape` keeps the size of the aligned dimension of `t`
(dimensions align from the right). Dimensions of size 1 are added on the left if `shape`
is longer than `t`'s (a -1 there keeps that 1). The result is a view with stride 0 along
broadcast dimensions.
"""

from reference.broadcast import broadcast_view
from reference.errors import check_shape, require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "expand")
def expand(shape: tuple[int, ...], t: Tensor) -> Tensor:
    extra = len(shape) - t.ndim
    require(
        extra >= 0,
        "expand",
        f"shape {list(shape)} has fewer dimensions than the tensor's shape {list(t.shape)}",
    )
    # Note: R48 — a -1 in one of the new leading dimensions keeps the size of the dimension that
    # `expand` adds on the left, 1 (the documentation: "Adds dimensions on left if
    # needed"; PyTorch refuses it): cases accept either; the reference keeps the 1, as Nx
    # 1.0.0~alpha1 does.
    aligned = (1,) * extra + t.shape
    target = [aligned[axis] if size == -1 else size for axis, size in enumerate(shape)]
    return broadcast_view("expand", t, check_shape("expand", target))
