"""What every op of the `view` namespace shares (nx_core_view.txt, Nx_core.View).

A view arrives as a `reference.layout.View` built from a case's `view` value, which
nothing has checked: `check_view` refuses one whose strides or mask do not have one
entry per dimension, or whose shape has a negative dimension. `finish` applies the
documented construction rule to the result of a transformation.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.errors import check_shape, require
from reference.layout import View

Mask = tuple[tuple[int, int], ...]


def check_view(function: str, v: View) -> View:
    """`v` if it is a well-formed view, else `Invalid_argument`."""
    check_shape(function, v.shape)
    require(len(v.strides) == len(v.shape), function,
            f"the view has {len(v.strides)} strides {list(v.strides)} for "
            f"{len(v.shape)} dimensions {list(v.shape)}; it needs one per dimension")
    require(v.mask is None or len(v.mask) == len(v.shape), function,
            f"the view's mask has {len(v.mask or ())} intervals for {len(v.shape)} "
            f"dimensions {list(v.shape)}; it needs one per dimension")
    return v


def check_rank(function: str, what: str, given: Sequence, v: View) -> None:
    """An argument with one entry per dimension of `v` (indices, bounds, padding)."""
    require(len(given) == v.ndim, function,
            f"{what} {list(given)} has {len(given)} entries; the view has rank {v.ndim} "
            f"(shape {list(v.shape)})")


def hides_nothing(mask: Mask, shape: Sequence[int]) -> bool:
    """Every interval of `mask` covers its whole dimension: no index of `shape` is masked."""
    return all(b <= 0 and e >= dim for (b, e), dim in zip(mask, shape, strict=True))


def finish(shape: Sequence[int], strides: Sequence[int], offset: int, mask: Mask | None) -> View:
    """The view a transformation returns.

    Documented (`create`): a view with a zero-size dimension has offset 0 and no mask.
    """
    shape = tuple(shape)
    # Note: R216 — the documentation does not say whether a transformation keeps a mask under
    # which every index is valid. The reference drops it (as tinygrad's View, which
    # Nx_core.View follows, does): a transformation records a mask only where it leaves
    # invalid positions, so `shrink` back to the unpadded region of a `pad` gives an
    # unmasked view that `reshape` accepts. Cases: view.shrink/"shrinking away the
    # padding drops the mask", view.pad/"zero padding leaves the view unchanged".
    if mask is not None and hides_nothing(mask, shape):
        mask = None
    if 0 in shape:
        return View(shape, tuple(strides), 0, None)
    return View(shape, tuple(strides), offset, None if mask is None else tuple(mask))
