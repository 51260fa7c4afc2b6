"""flatten: collapse the dimensions `start_dim` through `end_dim` (inclusive) into one
(nx.txt, "Shape Manipulation").

Defaults `start_dim = 0`, `end_dim = -1` (everything); negative dimensions count from
the end. It is a `reshape`: a view whenever strides allow (always for a C-contiguous
tensor), a copy otherwise — unlike `ravel`, the result need not be contiguous.
"""

from math import prod

from reference.errors import check_axis, require
from reference.nx.shape._common import refuse_scalar, reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "flatten")
def flatten(t: Tensor, *, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    refuse_scalar("flatten", t)
    shape = t.shape
    start = check_axis("flatten", start_dim, len(shape))
    end = check_axis("flatten", end_dim, len(shape))
    require(
        start <= end,
        "flatten",
        f"start_dim {start_dim} comes after end_dim {end_dim} for shape {list(t.shape)}",
    )
    return reshaped("flatten", t, (*shape[:start], prod(shape[start : end + 1]), *shape[end + 1 :]))
