"""cross: the cross product of 3-element vectors (seed 001, "Linear Algebra").

The vectors lie along `axis` (default the last) of each operand, which must have 3
elements there; the other axes broadcast together. For u = (u0, u1, u2) and
v = (v0, v1, v2) the result is (u1 v2 - u2 v1, u2 v0 - u0 v2, u0 v1 - u1 v0), placed
along `axis` of the result.
"""

import numpy as np

from reference.errors import check_axis, require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import vectors_along
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cross")
def cross(a: Tensor, b: Tensor, *, axis: int = -1) -> Tensor:
    dtype = same_dtype("cross", a, b)
    # Note: R144 — the result's vectors lie along `axis` counted in the result's dimensions
    # (NumPy `cross` with axisa = axisb = axisc = axis).
    u, v = vectors_along("cross", a, b, axis)
    # Note: R144 — the documentation speaks of 3-element vectors only; NumPy's 2-element form
    # (the z component of the 3-D product) is not documented and raises.
    require(u.shape[-1] == 3 and v.shape[-1] == 3, "cross",
            f"shapes {list(a.shape)} and {list(b.shape)} have {u.shape[-1]} and "
            f"{v.shape[-1]} elements along axis {axis}; the vectors must have 3")
    u0, u1, u2 = (u[..., i] for i in range(3))
    v0, v1, v2 = (v[..., i] for i in range(3))
    with np.errstate(all="ignore"):
        components = np.stack([u1 * v2 - u2 * v1, u2 * v0 - u0 * v2, u0 * v1 - u1 * v0], axis=-1)
    placed = np.moveaxis(components, -1, check_axis("cross", axis, components.ndim))
    return Tensor.from_values(placed, dtype)
