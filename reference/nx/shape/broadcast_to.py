"""broadcast_to: `t` seen with a larger shape (nx.txt, "Shape Manipulation").

Shapes align from the right; each source dimension must equal the target's or be 1,
and missing leading dimensions are added. The result is a view with stride 0 along
every broadcast dimension: every position of it reads the one element of the buffer.
"""

from reference.broadcast import broadcast_view
from reference.errors import check_shape
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "broadcast_to")
def broadcast_to(shape: tuple[int, ...], t: Tensor) -> Tensor:
    return broadcast_view("broadcast_to", t, check_shape("broadcast_to", shape))
