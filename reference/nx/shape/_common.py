"""What the Shape Manipulation ops share: reshaping into a view when the strides allow it
and into a copy otherwise (nx.txt, `reshape`), and permuting dimensions.

A -1 in a requested shape is inferred by `Shape.resolve_neg_one` (nx_core_shape.txt,
`reference.shape.transformations.resolve_neg_one`): `reshape` and `unflatten` follow its
documented rules, including its zero-size reading (READINGS R221: with a 0 among the
other sizes, -1 becomes 0 when there are no elements and raises otherwise; NumPy refuses
`reshape (0, -1)` of an empty array).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

from reference.errors import check_shape, invalid, require
from reference.layout import View
from reference.reshaping import reshape_strides
from reference.tensor import Tensor


def reshaped(function: str, t: Tensor, shape: Sequence[int]) -> Tensor:
    """`t`'s elements in row-major order with `shape` (already resolved): a view over
    `t`'s buffer when strides can express it (`reshape_strides`), else a C-contiguous copy."""
    shape = check_shape(function, shape)
    if prod(shape) != t.numel:
        raise invalid(
            function,
            f"cannot reshape shape {list(t.shape)} ({t.numel} elements) "
            f"into {list(shape)} ({prod(shape)} elements)",
        )
    strides = reshape_strides(t.shape, t.strides, shape)
    if strides is None:
        return Tensor.from_values(t.values().reshape(shape), t.dtype)
    return t.with_view(View(shape, strides, t.offset))


def refuse_scalar(function: str, t: Tensor) -> None:
    """A function that flattens `t` first needs a dimension to flatten."""
    # Note: R46 — `flatten` defaults to start_dim 0 and end_dim -1 and raises "if indices
    # out of bounds"; a 0-d tensor has no dimension 0. Two choices are open and cases accept
    # either: the reference refuses (Invalid_argument, as Nx 1.0.0~alpha1 does), in flatten
    # and in ravel, roll and repeat without ~axis and concatenate without ~axis; NumPy
    # flattens a 0-d array to one element. compress and extract, documented as NumPy's,
    # flatten it to one element and do not call this.
    require(t.ndim > 0, function, "a 0-d tensor has no dimension to flatten")


def permuted(t: Tensor, order: Sequence[int]) -> Tensor:
    """The view of `t` whose axis i is `t`'s axis `order[i]` (a valid permutation)."""
    return t.with_view(
        View(tuple(t.shape[a] for a in order), tuple(t.strides[a] for a in order), t.offset)
    )
