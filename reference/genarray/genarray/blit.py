"""blit: copy every element of `src` into `dst` (bigarray_genarray.txt, `Genarray.blit`).

Both must have the same number of dimensions and equal dimensions (in OCaml also the
same kind and layout: the type says so). Copying part of an array to part of another is
`blit` on sub-arrays or slices, which share storage with their arrays.
"""

from reference.errors import require
from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "blit")
def blit(src: Bigarray, dst: Bigarray) -> None:
    function = "Genarray.blit"
    # Note: R5 — the documentation names no exception for unequal dimensions; the suite
    # raises Invalid_argument (cases accept Failure too).
    require(
        src.dims == dst.dims,
        function,
        f"src has dims {list(src.dims)}, dst has dims {list(dst.dims)}; they must be equal",
    )
    require(
        (src.kind, src.layout) == (dst.kind, dst.layout),
        function,
        f"src is {src.kind.name} {src.layout}, dst is {dst.kind.name} {dst.layout}; "
        "they must be the same",
    )
    # With equal dims and layout, memory order is element order. Read `src` out first:
    # a sub-array may overlap `dst`, and the copy must be of `src` as it was.
    dst.data[...] = src.data.copy()
