"""swapaxes: exchange two dimensions (nx.txt, "Shape Manipulation").

Negative axes count from the end; swapping an axis with itself changes nothing. The
result is a view with the two strides exchanged.
"""

from reference.errors import check_axis
from reference.nx.shape._common import permuted
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "swapaxes")
def swapaxes(axis1: int, axis2: int, t: Tensor) -> Tensor:
    first = check_axis("swapaxes", axis1, t.ndim)
    second = check_axis("swapaxes", axis2, t.ndim)
    order = list(range(t.ndim))
    order[first], order[second] = second, first
    return permuted(t, order)
