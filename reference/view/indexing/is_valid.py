"""is_valid: whether an index is valid under a view's mask (nx_core_view.txt, Nx_core.View).

Documented: with no mask every index is valid ("true for any idx", whatever its rank or
bounds); with a mask, idx must have the view's rank and satisfy b <= idx.(i) < e for the
interval (b, e) of every dimension. Only the mask is consulted, not the shape.
"""

from reference.layout import View
from reference.registry import op
from reference.view._common import check_view


@op("view", "is_valid")
def is_valid(v: View, idx: tuple[int, ...]) -> bool:
    check_view("is_valid", v)
    if v.mask is None:
        return True
    # Note: R212 — an index of the wrong rank is
    # not valid (false), it is not an error. Case: view.is_valid/"a masked view and an
    # index of the wrong rank give false".
    if len(idx) != v.ndim:
        return False
    return all(b <= i < e for i, (b, e) in zip(idx, v.mask, strict=True))
