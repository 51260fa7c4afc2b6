"""slice_right: fix the last M coordinates of a Fortran-layout Bigarray (bigarray_genarray.txt,
`Genarray.slice_right`).

`slice_right a [|i1; ...; iM|]` of an N-dimensional `a` has N - M dimensions, `a`'s first
ones; its element [|j1; ...; j(N-M)|] is element [|j1; ...; j(N-M); i1; ...; iM|] of `a`
(Fortran coordinates: from 1), the same storage. Fortran layout only.
`Invalid_argument` if M >= N or a coordinate is outside the bounds of `a`.
"""

from reference.genarray.bigarray import FORTRAN_LAYOUT, Bigarray, require_layout
from reference.genarray.genarray._restrict import slice_
from reference.registry import op


@op("genarray", "slice_right")
def slice_right(a: Bigarray, index: tuple[int, ...]) -> Bigarray:
    function = "Genarray.slice_right"
    require_layout(function, a, FORTRAN_LAYOUT)
    return slice_(function, a, index)
