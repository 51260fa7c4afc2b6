"""cross: the cross product of 3-element vectors (nx.txt, "Linear Algebra").

The vectors lie along `axis` (default the last), which must have 3 elements in both
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
    # Note: R144 — the documentation gives only the default axis, "the last". As Nx 1.0.0~alpha1,
    # `axis` is resolved against a's dimensions and that same axis of b holds b's vectors
    # (a [3] and b [2; 3] raise: b's axis 0 has 2 elements); the components then broadcast
    # and the result's vectors lie along that axis.
    position = check_axis("cross", axis, a.ndim)
    require(
        b.ndim > position,
        "cross",
        f"shapes {list(a.shape)} and {list(b.shape)}: b has no axis {position} (the "
        f"axis {axis} of a)",
    )
    # Note: R144 — the documentation speaks of 3-element vectors only; NumPy's 2-element form
    # (the z component of the 3-D product) is not documented and raises.
    require(
        a.shape[position] == 3 and b.shape[position] == 3,
        "cross",
        f"shapes {list(a.shape)} and {list(b.shape)} have {a.shape[position]} and "
        f"{b.shape[position]} elements along axis {position}; the vectors must have 3",
    )
    u0, u1, u2 = (np.take(wide(a), i, axis=position) for i in range(3))
    v0, v1, v2 = (np.take(wide(b), i, axis=position) for i in range(3))
    broadcast_shapes("cross", u0.shape, v0.shape)
    with np.errstate(all="ignore"):
        components = [u1 * v2 - u2 * v1, u2 * v0 - u0 * v2, u0 * v1 - u1 * v0]
    return Tensor.from_values(np.stack(np.broadcast_arrays(*components), axis=position), dtype)
