"""sub_right: restrict the last dimension of a Fortran-layout Bigarray (bigarray_genarray.txt,
`Genarray.sub_right`).

`sub_right a ofs len` has `a`'s dimensions but the last, which is the interval
[ofs, ofs + len - 1] of `a`'s last dimension (Fortran coordinates: from 1), the same
storage. Fortran layout only. `Invalid_argument` if ofs < 1, len < 0, or the interval
ends past the last dimension.
"""

from reference.genarray.bigarray import FORTRAN_LAYOUT, Bigarray, require_layout
from reference.genarray.genarray._restrict import sub
from reference.registry import op


@op("genarray", "sub_right")
def sub_right(a: Bigarray, ofs: int, length: int) -> Bigarray:
    function = "Genarray.sub_right"
    require_layout(function, a, FORTRAN_LAYOUT)
    # Note: R228 — the documentation also says the element [|i1; ...; iN|] of the result is
    # [|i1; ...; iN+ofs|] of `a` and that ofs + len > nth_dim raises: both contradict its
    # own interval [ofs ... ofs + len - 1] and its bound ofs >= 1 (they would make the
    # first column unreachable and `sub_right a 1 n` of a whole last dimension n fail).
    # The suite follows the interval (spec/ERRATA.md, genarray.sub_right).
    return sub(function, a, ofs, length)
