"""squeeze: drop singleton dimensions (arraymancer_shapeshifting.txt, Arraymancer).

`squeeze(t)`: every dimension of size 1 is removed (documented: shape [4,1,3] becomes
[4,3]). `squeeze(t, axis)`: the given dimension is removed if it has size 1; documented,
"if the dimension is not 1, it does nothing" — Arraymancer's own rule: Nx's `squeeze
~axes` raises there. Both are views (metadata only); here they keep at least one
dimension (READINGS R231 accepts that or a rank-0 result). A negative axis (READINGS
R229 accepts that or counting from the end) or one outside the tensor is refused, as
`Invalid_argument` (see `_common`).
"""

from reference.arraymancer.shapeshifting._common import natural_axis
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


def without_axes(t: Tensor, axes: set[int]) -> Tensor:
    """A view of `t` without the (size-1) dimensions `axes`."""
    v = t.view
    keep = [a for a in range(t.ndim) if a not in axes]
    mask = None if v.mask is None else tuple(v.mask[a] for a in keep)
    return t.with_view(
        View(tuple(v.shape[a] for a in keep), tuple(v.strides[a] for a in keep), v.offset, mask)
    )


@op("arraymancer", "squeeze")
def squeeze(t: Tensor, axis: int | None = None) -> Tensor:
    # Note: R231 — the documentation is silent on a tensor of singletons only: collapsing
    # them all (a rank-0 tensor, numpy.squeeze) or keeping one (Arraymancer 195c75d4, which
    # has no rank-0 tensor holding an element) are both accepted; the reference keeps the
    # first dimension, and squeezing the one dimension of a vector does nothing. Cases:
    # "all singleton dimensions leave a rank-0 tensor or keep one", "squeezing the only
    # dimension of a vector leaves rank 0 or keeps it".
    if axis is None:
        singletons = {a for a, size in enumerate(t.shape) if size == 1}
        return without_axes(t, singletons - {0} if len(singletons) == t.ndim else singletons)
    axis = natural_axis("squeeze", axis, t.ndim)
    return without_axes(t, {axis} if t.shape[axis] == 1 and t.ndim > 1 else set())
