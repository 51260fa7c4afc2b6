"""reshape: the same storage seen with another shape (nx_core_view.txt, Nx_core.View).

`reshape v new_shape` returns a view over the same elements, in row-major order, with
`new_shape`, when the strides allow it. Documented supported cases: C-contiguous
reshapes, adding or removing singleton dimensions, "certain merge/split patterns on
compatible strided layouts", and all-zero-stride (broadcast) layouts — all found by
`reference.reshaping.reshape_strides` (NumPy's no-copy reshape). Documented refusals
(`Invalid_argument`): a different number of elements "except zero-size special cases", a
masked view, a stride pattern no view can represent. The result keeps the offset; a
zero-size result follows `create` (offset 0).
"""

from math import prod

from reference.errors import check_shape, require
from reference.layout import View, c_contiguous_strides
from reference.registry import op
from reference.reshaping import reshape_strides
from reference.view._common import check_view, finish


@op("view", "reshape")
def reshape(v: View, new_shape: tuple[int, ...]) -> View:
    check_view("reshape", v)
    new_shape = check_shape("reshape", new_shape)
    # Note: R213 — "masked views" are among the reshapes that "cannot be represented"
    # (nx_core_view.txt:47); a reshape to the view's own shape needs no new layout, and the
    # cases accept its refusal or the view given back. The reference gives it back, as Nx
    # 1.0.0~alpha3 does; any other masked reshape is refused. Cases: view.reshape/"a masked
    # view to its own shape is returned as it is or raises", "a masked view raises".
    if new_shape == v.shape:
        return v
    require(v.mask is None, "reshape",
            f"the view of shape {list(v.shape)} is masked ({list(v.mask or ())}); a masked "
            "view cannot be reshaped")
    # Note: R235 — "size mismatches (except zero-size special cases)": when the view or the
    # new shape has no element, any shape is accepted and the result is the C-contiguous
    # view of the new shape (READINGS R235, as Nx 1.0.0~alpha3). Case: view.reshape/"zero-size
    # to a non-empty shape is a new contiguous view".
    if v.numel == 0 or prod(new_shape) == 0:
        return finish(new_shape, c_contiguous_strides(new_shape), 0, None)
    require(v.numel == prod(new_shape), "reshape",
            f"cannot reshape {v.numel} elements (shape {list(v.shape)}) to shape "
            f"{list(new_shape)} ({prod(new_shape)} elements)")
    strides = reshape_strides(v.shape, v.strides, new_shape)
    require(strides is not None, "reshape",
            f"the strides {list(v.strides)} of shape {list(v.shape)} cannot be seen as shape "
            f"{list(new_shape)} without copying")
    return finish(new_shape, strides, v.offset, None)
