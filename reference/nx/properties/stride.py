"""stride: the byte stride of dimension `i` (nx.txt, "Array Properties").

`stride i t` is `(strides t).(i)`: the element stride of axis i times `itemsize t`.
"""

from reference.errors import check_axis
from reference.registry import op
from reference.tensor import Tensor


def resolve_axis(function: str, i: int, t: Tensor) -> int:
    """The dimension of `t` that `i` names: -ndim t <= i < ndim t, negative from the end."""
    # Note: R28 — the documentation of `stride i t` / `dim i t` raises "if [i] out of
    # bounds" and is silent on negative axes (its View module documents [0; ndim v - 1] for
    # View.dim, another function). Two choices are open and cases accept either; the
    # reference counts a negative axis from the end (-1 is the last dimension), as Nx
    # 1.0.0~alpha1 does; outside [-ndim, ndim) raises.
    return check_axis(function, i, t.ndim)


@op("nx", "stride")
def stride(i: int, t: Tensor) -> int:
    return t.strides[resolve_axis("stride", i, t)] * t.dtype.itemsize
