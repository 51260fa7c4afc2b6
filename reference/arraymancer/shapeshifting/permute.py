"""permute: reorder the dimensions of a tensor (arraymancer_shapeshifting.txt, Arraymancer).

`t.permute(dims)`: dimension i of the result is dimension `dims[i]` of `t` (documented
usage: `a.permute(0,2,1)` keeps dim 0 and swaps dims 1 and 2), a view with the strides
moved along. `dims` must be a permutation of the dimensions; Arraymancer's failure
(a Nim exception) is read as `Invalid_argument` (see `_common`).
"""

from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor
from reference.view.transformations.permute import permute as permute_view


@op("arraymancer", "permute")
def permute(t: Tensor, dims: tuple[int, ...]) -> Tensor:
    # Note: R230 — the documentation does not say whether a dimension may be negative:
    # counting from the end (NumPy's `transpose`) or a refusal are both accepted; the
    # reference refuses. Case: "negative dims count from the end or are refused".
    require(
        sorted(dims) == list(range(t.ndim)),
        "permute",
        f"dims {list(dims)} do not name each of the {t.ndim} dimensions of shape "
        f"{list(t.shape)} once (0 <= dim < {t.ndim})",
    )
    return t.with_view(permute_view(t.view, tuple(dims)))
