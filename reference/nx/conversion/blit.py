"""blit: copy one tensor's elements into another, in place (nx.txt, "Type Conversion
and Copying").

`blit src dst` writes every element of `src` into the element of `dst` at the same
index; `dst` may be a view, and the write reaches its buffer. The two must have one
dtype and exactly the same shape ("Shapes must match exactly"), else `Invalid_argument`.
"""

import numpy as np

from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "blit")
def blit(src: Tensor, dst: Tensor) -> None:
    require(
        src.dtype is dst.dtype,
        "blit",
        f"src is {src.dtype.name} but dst is {dst.dtype.name}; they must have one dtype",
    )
    # Note: R65 — the documentation also says "Handles broadcasting internally", against "Shapes
    # must match exactly"; the suite decides for identical shapes (spec/ERRATA.md).
    require(
        src.shape == dst.shape,
        "blit",
        f"src has shape {list(src.shape)} and dst {list(dst.shape)}; they must be equal",
    )
    if not src.shares_storage(dst):
        dst.array()[...] = src.values()
        return
    # Note: R66 — overlapping views of one buffer are silent in the documentation (NumPy copies
    # as through a temporary). Settled by Nx 1.0.0~alpha1: the elements are copied one at
    # a time in row-major order, each read after the earlier writes, so blitting [0..4]
    # into its own reversed view leaves [0, 1, 2, 1, 0].
    for src_at, dst_at in zip(_positions(src), _positions(dst), strict=True):
        dst.buffer[dst_at] = src.buffer[src_at]


def _positions(t: Tensor) -> list[int]:
    """The buffer positions of `t`'s elements, in row-major order of its indices."""
    return [
        t.offset + sum(i * s for i, s in zip(index, t.strides, strict=True))
        for index in np.ndindex(*t.shape)
    ]
