"""transpose: permute the dimensions (nx.txt, "Shape Manipulation").

Axis i of the result is axis `axes.(i)` of `t`; by default the dimensions are reversed.
`axes` must be a permutation of 0..ndim-1 (negative axes count from the end). The
result is a view with the strides permuted the same way: no element moves.
"""

from reference.errors import check_axes, require
from reference.nx.shape._common import permuted
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "transpose")
def transpose(t: Tensor, *, axes: tuple[int, ...] | None = None) -> Tensor:
    if axes is None:
        return permuted(t, range(t.ndim - 1, -1, -1))
    require(len(axes) == t.ndim, "transpose", f"axes {list(axes)} must be a permutation of "
                                              f"0..{t.ndim - 1} for shape {list(t.shape)}")
    return permuted(t, check_axes("transpose", axes, t.ndim))
