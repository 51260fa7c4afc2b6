"""blit: copy one tensor's elements into another, in place (nx.txt, "Type Conversion
and Copying").

`blit src dst` writes every element of `src` into the element of `dst` at the same
index; `dst` may be a view, and the write reaches its buffer. The two must have one
dtype and exactly the same shape ("Shapes must match exactly"), else `Invalid_argument`.
"""

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
    # Note: R66 — "copies src into dst" (nx.txt:791): `dst` receives the elements `src` holds
    # at the call, so overlapping views of one buffer copy as if through a temporary (memmove;
    # NumPy's assignment). Nx 1.0.0~alpha1 copies element by element, each read after the
    # earlier writes (its reversed self-blit of [0..4] leaves [0, 1, 2, 1, 0]): upstream.
    dst.array()[...] = src.values()
