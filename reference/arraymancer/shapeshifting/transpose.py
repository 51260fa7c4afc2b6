"""transpose: reverse the dimensions of a tensor (arraymancer_shapeshifting.txt, Arraymancer).

Documented: a tensor of shape (d0, d1, ..., dn-1) becomes (dn-1, ..., d1, d0), and
"data is not copied or modified, only metadata is modified": the result is a view with
the strides reversed. Rank 0 and 1 are unchanged. Unlike Nx's `transpose`, there is no
`axes` argument (that is `permute`). Never fails.
"""

from reference.registry import op
from reference.tensor import Tensor
from reference.view.transformations.permute import permute


@op("arraymancer", "transpose")
def transpose(t: Tensor) -> Tensor:
    return t.with_view(permute(t.view, tuple(range(t.ndim - 1, -1, -1))))
