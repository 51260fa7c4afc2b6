"""create: a new Bigarray of a kind, a layout and dimensions (bigarray_genarray.txt,
`Genarray.create`).

`Genarray.create kind layout dims` allocates a fresh Bigarray with `Array.length dims`
dimensions (0 to 16). Its elements are not initialised: their values are unspecified.
`Invalid_argument` when the number of dimensions is not in 0..16 or a dimension is
negative.
"""

from reference.errors import check_shape, require
from reference.genarray.bigarray import MAX_DIMS, Bigarray, check_layout, kind_named
from reference.registry import op


@op("genarray", "create")
def create(kind: str, layout: str, dims: tuple[int, ...]) -> Bigarray:
    function = "Genarray.create"
    require(
        len(dims) <= MAX_DIMS,
        function,
        f"{len(dims)} dimensions; a Bigarray has 0 to {MAX_DIMS}",
    )
    # Note: R9 — "not initialized": the reference returns zeros; cases never read them.
    return Bigarray.zeros(
        kind_named(function, kind), check_layout(function, layout), check_shape(function, dims)
    )
