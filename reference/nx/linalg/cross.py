"""cross: the cross product of 3-element vectors (nx.txt, "Linear Algebra").

The vectors lie along `axis` (default the last, nx.txt:1849), which must have 3 elements in both
operands; the other axes broadcast together. For u = (u0, u1, u2) and v = (v0, v1, v2)
the result is (u1 v2 - u2 v1, u2 v0 - u0 v2, u0 v1 - u1 v0), placed along `axis` of the
result.
"""

import numpy as np

from reference.broadcast import broadcast_shapes
from reference.errors import check_axis, require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cross")
def cross(a: Tensor, b: Tensor, *, axis: int = -1) -> Tensor:
    dtype = same_dtype("cross", a, b)
    # The default axis is "the last" (nx.txt:1849) of each operand: `axis` is resolved against
    # each operand's own rank. Note: R144 — the other axes broadcast (NumPy's cross; Nx
    # 1.0.0~alpha1 instead resolves `axis` against a's rank alone and reads that axis of b,
    # so [3] against [2; 3] raises there: upstream).
    u = np.moveaxis(wide(a), check_axis("cross", axis, a.ndim), -1)
    v = np.moveaxis(wide(b), check_axis("cross", axis, b.ndim), -1)
    # Note: R144 — the documentation speaks of 3-element vectors only; NumPy's 2-element form
    # (the z component of the 3-D product) is not documented and raises.
    require(
        u.shape[-1] == 3 and v.shape[-1] == 3,
        "cross",
        f"shapes {list(a.shape)} and {list(b.shape)} have {u.shape[-1]} and "
        f"{v.shape[-1]} elements along axis {axis}; the vectors must have 3",
    )
    broadcast_shapes("cross", u.shape[:-1], v.shape[:-1])
    u0, u1, u2 = (u[..., i] for i in range(3))
    v0, v1, v2 = (v[..., i] for i in range(3))
    with np.errstate(all="ignore"):
        components = [u1 * v2 - u2 * v1, u2 * v0 - u0 * v2, u0 * v1 - u1 * v0]
    stacked = np.stack(np.broadcast_arrays(*components), axis=-1)
    placed = np.moveaxis(stacked, -1, check_axis("cross", axis, stacked.ndim))
    return Tensor.from_values(placed, dtype)
