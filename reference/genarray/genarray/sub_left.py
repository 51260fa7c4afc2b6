"""sub_left: restrict the first dimension of a C-layout Bigarray (bigarray_genarray.txt,
`Genarray.sub_left`).

`sub_left a ofs len` has `a`'s dimensions but the first, which is the interval
[ofs, ofs + len - 1] of `a`'s first dimension; element [|i1; ...; iN|] of the result is
element [|i1 + ofs; ...; iN|] of `a`, the same storage. C layout only.
`Invalid_argument` if ofs < 0, len < 0 or ofs + len > nth_dim a 0.
"""

from reference.genarray.bigarray import C_LAYOUT, Bigarray, require_layout
from reference.genarray.genarray._restrict import sub
from reference.registry import op


@op("genarray", "sub_left")
def sub_left(a: Bigarray, ofs: int, length: int) -> Bigarray:
    function = "Genarray.sub_left"
    require_layout(function, a, C_LAYOUT)
    return sub(function, a, ofs, length)
