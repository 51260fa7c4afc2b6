"""slice_left: fix the first M coordinates of a C-layout Bigarray (bigarray_genarray.txt,
`Genarray.slice_left`).

`slice_left a [|i1; ...; iM|]` of an N-dimensional `a` has N - M dimensions, `a`'s last
ones; its element [|j1; ...; j(N-M)|] is element [|i1; ...; iM; j1; ...; j(N-M)|] of `a`,
the same storage. C layout only. `Invalid_argument` if M >= N or a coordinate is outside
the bounds of `a`.
"""

from reference.genarray.bigarray import C_LAYOUT, Bigarray, require_layout
from reference.genarray.genarray._restrict import slice_
from reference.registry import op


@op("genarray", "slice_left")
def slice_left(a: Bigarray, index: tuple[int, ...]) -> Bigarray:
    function = "Genarray.slice_left"
    require_layout(function, a, C_LAYOUT)
    return slice_(function, a, index)
