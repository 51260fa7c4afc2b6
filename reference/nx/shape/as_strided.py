"""as_strided: a view of `t`'s buffer with a chosen shape, strides and offset (nx.txt,
"Shape Manipulation").

Element `idx` of the result is the buffer element at `offset + sum_i idx.(i) *
strides.(i)`. Strides and offset are counted in elements, as documented (not in bytes,
unlike what the `strides` property reports). The result is a zero-copy view.
"""

from reference.errors import check_shape, require
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "as_strided")
def as_strided(shape: tuple[int, ...], strides: tuple[int, ...], t: Tensor, *,
               offset: int) -> Tensor:
    shape = check_shape("as_strided", shape)
    require(len(strides) == len(shape), "as_strided",
            f"{len(strides)} strides {list(strides)} for the {len(shape)} dimensions of "
            f"shape {list(shape)}; one stride per dimension is required")
    # Note: R53 — `~offset` and the strides address `t`'s underlying buffer, like the layout
    # that the `offset` and `strides` properties report: the result's `offset` is the
    # given offset, whatever `t`'s own view was (Nx replaces the view of the buffer).
    # For a fresh tensor this is the same as counting from `t`'s first element.
    view = View(shape, tuple(strides), offset)
    # Note: R9 — the documentation warns that a wrong layout "can access out-of-bounds
    # memory"; the reference has no memory outside the buffer to show, so it refuses a
    # view that reaches outside it (no case pins this: for Nx it is undefined).
    low, high = view.buffer_extent()
    require(view.numel == 0 or (low >= 0 and high < t.buffer.size), "as_strided",
            f"shape {list(shape)}, strides {list(strides)} and offset {offset} reach buffer "
            f"positions {low}..{high}, outside the buffer of {t.buffer.size} elements")
    return t.with_view(view)
