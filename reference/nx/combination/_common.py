"""What the combination ops share: checking a list of tensors and joining it along an
existing axis (nx.txt, "Array Combination and Splitting")."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.errors import check_axis, require
from reference.tensor import Tensor


def check_tensors(function: str, ts: Sequence[Tensor]) -> None:
    """A non-empty list of tensors of one dtype."""
    # Note: R54 — an empty list has no dtype or shape to give the result; it raises (NumPy's
    # `concatenate` and `stack` refuse an empty sequence too).
    require(len(ts) > 0, function, "the list of tensors is empty; at least one is required")
    # Note: R7 — the signature gives every tensor one type ('a, 'b) t; a list mixing dtypes is
    # refused, never promoted.
    dtypes = [t.dtype.name for t in ts]
    require(len(set(dtypes)) == 1, function,
            f"the tensors have dtypes {dtypes}; all must have the same dtype")


def joined(function: str, ts: Sequence[Tensor], axis: int) -> Tensor:
    """A new tensor: `ts` (checked) laid one after another along their existing `axis`."""
    check_tensors(function, ts)
    first = ts[0]
    axis = check_axis(function, axis, first.ndim)
    for t in ts:
        require(t.ndim == first.ndim and all(
                    a == b for i, (a, b) in enumerate(zip(t.shape, first.shape, strict=True))
                    if i != axis), function,
                f"shapes {[list(x.shape) for x in ts]} differ outside axis {axis}; all "
                f"dimensions but the joined one must match")
    return Tensor.from_values(np.concatenate([t.values() for t in ts], axis=axis), first.dtype)
