"""change_layout: the same storage seen in the other layout (bigarray_genarray.txt,
`Genarray.change_layout`).

No element is copied: the result shares the storage with `a`, and its dimensions are
`a`'s reversed, so that `get v [|a; b|]` in C layout is `get v [|b+1; a+1|]` in Fortran
layout: the memory order of the elements is unchanged.
"""

from reference.genarray.bigarray import Bigarray, check_layout
from reference.registry import op


@op("genarray", "change_layout")
def change_layout(a: Bigarray, layout: str) -> Bigarray:
    # Note: R227 — the documentation says both "(and hence having the same dimensions as a)" and
    # "The dimensions are reversed"; its example (C [|a; b|] is Fortran [|b+1; a+1|]) settles
    # it for reversal when the layout changes (spec/ERRATA.md, genarray.change_layout).
    # Asking for the layout `a` already has changes nothing: the result is `a` itself.
    if check_layout("Genarray.change_layout", layout) == a.layout:
        return a
    return Bigarray(a.kind, layout, a.dims[::-1], a.data)
