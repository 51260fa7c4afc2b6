"""What the Iteration and Mapping functions share (nx.txt, "Iteration and Mapping").

Every function visits the elements of its tensor once each, in row-major order of the
tensor's logical indices (for a transposed, flipped or broadcast view too: the order of
its shape, not of its buffer), handing each element to an OCaml function:

- the `_item` functions (`map_item`, `iter_item`, `fold_item`) pass the element itself,
  an OCaml value of the dtype's element type (`items`);
- `map`, `iter` and `fold` pass it "as scalar tensor": a fresh 0-d tensor of the same
  dtype holding it (`scalars`).
"""

from __future__ import annotations

from collections.abc import Iterator

from reference.layout import View
from reference.nx._cores.elementwise import wide
from reference.tensor import Tensor


def items(t: Tensor) -> list:
    """The elements of `t` in row-major logical order, as OCaml values (Python float,
    int, complex or bool)."""
    return wide(t).reshape(-1).tolist()


# Note: R202 — the 0-d tensor handed to the function is a copy of the element, not a view of
# `t`: the documentation says "each element as scalar tensor", and a function that
# wrote into it must not change `t` (nothing documents such a write-through).
def scalars(t: Tensor) -> Iterator[Tensor]:
    """Each element of `t`, in row-major logical order, as a new 0-d tensor."""
    flat = t.values().reshape(-1)
    for position in range(flat.size):
        yield Tensor(flat[position : position + 1].copy(), t.dtype, View.contiguous(()))
