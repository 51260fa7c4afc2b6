"""broadcast: the broadcast shape of two shapes (seed 002, Nx_core.Shape).

`broadcast a b` follows NumPy's rules (documented): the shapes align on the right, a
missing leading dimension counts as 1, and in every position the sizes must be equal or
one of them 1; the result takes the other. `Invalid_argument` if they are not
compatible. That is `reference.broadcast.broadcast_shapes`.
"""

from reference.broadcast import broadcast_shapes
from reference.errors import check_shape
from reference.registry import op


@op("shape", "broadcast")
def broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return broadcast_shapes("broadcast", check_shape("broadcast", a), check_shape("broadcast", b))
