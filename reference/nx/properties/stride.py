"""stride: the byte stride of dimension `i` (seed 001, "Array Properties").

`stride i t` is `(strides t).(i)`: the element stride of axis i times `itemsize t`.
"""

from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


def require_axis(function: str, i: int, t: Tensor) -> None:
    """`i` must name a dimension of `t`: 0 <= i < ndim t."""
    # Note: R28 — the documentation of `stride i t` / `dim i t` is silent on the range of i.
    # Its View module documents the same accessors of the tensor's view
    # (seed 000: `View.dim` / `View.stride` raise Invalid_argument "if axis is outside
    # [0; ndim v - 1]"), which the suite takes over: a negative axis does not count
    # from the end here, it is refused, like an axis >= ndim.
    require(0 <= i < t.ndim, function,
            f"axis {i} out of bounds for a {t.ndim}-d tensor of shape {list(t.shape)} "
            f"(need 0 <= axis < {t.ndim})")


@op("nx", "stride")
def stride(i: int, t: Tensor) -> int:
    require_axis("stride", i, t)
    return t.strides[i] * t.dtype.itemsize
