"""Broadcasting (nx.txt, "Broadcasting"; nx_core_shape.txt, `Shape.broadcast`).

Shapes align from the right; in each position the sizes must be equal or one of them
1, and the result takes the larger (a missing leading dimension counts as 1): `[3;1;5]`
with `[1;4;5]` gives `[3;4;5]`. A broadcast tensor is a view: the broadcast dimensions
get stride 0, so every position reads the same element of the one buffer.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.errors import invalid
from reference.layout import View
from reference.tensor import Tensor


def broadcast_shapes(function: str, *shapes: Sequence[int]) -> tuple[int, ...]:
    """The common shape of `shapes`, or `Invalid_argument` naming the clash."""
    rank = max((len(s) for s in shapes), default=0)
    result = []
    for position in range(rank):
        sizes = {s[len(s) - rank + position] for s in shapes if len(s) - rank + position >= 0}
        sizes.discard(1)
        if len(sizes) > 1:
            shown = " and ".join(str(list(s)) for s in shapes)
            raise invalid(function, f"cannot broadcast shapes {shown}: dimension "
                                    f"{position - rank} has sizes {sorted(sizes)}")
        result.append(sizes.pop() if sizes else 1)
    return tuple(result)


def broadcast_view(function: str, t: Tensor, shape: Sequence[int]) -> Tensor:
    """`t` seen with `shape` (a view: stride 0 along every broadcast dimension)."""
    shape = tuple(shape)
    extra = len(shape) - t.ndim
    if extra < 0:
        raise invalid(function, f"cannot broadcast shape {list(t.shape)} to the lower-rank "
                                f"shape {list(shape)}")
    strides = []
    for axis, size in enumerate(shape):
        source = axis - extra
        if source < 0:
            strides.append(0)
        elif t.shape[source] == size:
            strides.append(t.strides[source] if size != 1 else 0)
        elif t.shape[source] == 1:
            strides.append(0)
        else:
            raise invalid(function, f"cannot broadcast shape {list(t.shape)} to {list(shape)}: "
                                    f"dimension {source} has size {t.shape[source]}, not 1 "
                                    f"or {size}")
    if 0 in shape:
        return t.with_view(View(shape, tuple(strides), 0))
    return t.with_view(View(shape, tuple(strides), t.offset))
