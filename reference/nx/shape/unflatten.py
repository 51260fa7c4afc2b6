"""unflatten: split dimension `dim` into several of sizes `sizes` (nx.txt, "Shape
Manipulation").

The product of `sizes` must equal the size of dimension `dim`; at most one size may be
-1 (inferred). The inverse of `flatten`. Splitting one dimension never needs a copy: the
result is always a view of `t`.
"""

from reference.errors import check_axis
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.shape.transformations.resolve_neg_one import resolve_neg_one
from reference.tensor import Tensor


@op("nx", "unflatten")
def unflatten(dim: int, sizes: tuple[int, ...], t: Tensor) -> Tensor:
    axis = check_axis("unflatten", dim, t.ndim)
    split = resolve_neg_one((t.shape[axis],), sizes)
    return reshaped("unflatten", t, t.shape[:axis] + split + t.shape[axis + 1 :])
