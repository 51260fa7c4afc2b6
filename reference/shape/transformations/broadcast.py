"""broadcast: the broadcast shape of two shapes (nx_core_shape.txt, Nx_core.Shape).

`broadcast a b` follows NumPy's rules (documented): the shapes align on the right, a
missing leading dimension counts as 1, and in every position the sizes must be equal or
one of them 1; the result takes the other. `Invalid_argument` if they are not
compatible. That is `reference.broadcast.broadcast_shapes`.
"""

from reference.broadcast import broadcast_shapes
from reference.registry import op


@op("shape", "broadcast")
def broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    # Note: R223 — a negative size is outside the domain, but the documented rule still
    # decides (equal, or one of them 1): the reference applies it as written, as Nx
    # 1.0.0~alpha3 does (the case accepts a refusal too). Case: shape.broadcast/"a negative
    # dimension against 1 is taken or refused".
    return broadcast_shapes("broadcast", a, b)
