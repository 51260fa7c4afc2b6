"""What the Arraymancer shapeshifting procs share (arraymancer_shapeshifting.txt).

An Arraymancer `Tensor[T]` is, like an Nx tensor, a strided view over shared storage,
so the procs work on `reference.tensor.Tensor`. Arraymancer refuses a misuse with a
`ValueError` from its check procs (a Nim Defect, a bounds or assertion check that
`-d:danger` removes, is a crash, not a refusal); its documentation names no exception.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.errors import require
from reference.tensor import Tensor

# Note: R5 — Arraymancer's exceptions have no OCaml name. The reference raises the closest
# documented kind, `Invalid_argument` (every refusal here is a bad argument); as the
# documentation names no kind, the cases accept
# `[Invalid_argument, Failure]`.


def check_same(function: str, tensors: Sequence[Tensor], what: str) -> Tensor:
    """The first of a non-empty list of tensors of one dtype (Nim's `varargs[Tensor[T]]`
    has a single T) whose shapes agree as `what` requires; returns the first."""
    require(len(tensors) > 0, function, "the list of tensors is empty; it needs at least one")
    first = tensors[0]
    for i, t in enumerate(tensors):
        require(
            t.dtype is first.dtype,
            function,
            f"tensor {i} is {t.dtype.name} but tensor 0 is {first.dtype.name}; "
            "all must have one element type",
        )
        require(
            t.ndim == first.ndim,
            function,
            f"tensor {i} has shape {list(t.shape)} and tensor 0 has shape "
            f"{list(first.shape)}; {what}",
        )
    return first


def natural_axis(function: str, axis: int, ndim: int) -> int:
    """An existing axis of a rank-`ndim` tensor: 0 <= axis < ndim."""
    # Note: R229 — the documentation gives the axis as an `int` and no range: a negative
    # one either counts from the end (NumPy) or is refused, and the cases accept either;
    # the reference refuses it. Cases: arraymancer.concat/"a negative axis counts from
    # the end or is refused", arraymancer.squeeze/"a negative axis counts from the end or
    # is refused".
    require(
        0 <= axis < ndim,
        function,
        f"axis {axis} is out of bounds for rank {ndim} (need 0 <= axis < {ndim})",
    )
    return axis


def insert_position(function: str, axis: int, ndim: int) -> int:
    """A position for a new axis among the `ndim` old ones: 0..ndim (ndim appends)."""
    # Note: R229 — the documentation gives the axis as an `int` and no range: a negative
    # one either counts from the end of the result (NumPy's `expand_dims` / `stack`) or is
    # refused, and the cases accept either; the reference refuses it. Cases:
    # arraymancer.unsqueeze/"axis -1 appends or is refused", arraymancer.stack/"axis -1
    # stacks last or is refused".
    require(
        0 <= axis <= ndim,
        function,
        f"axis {axis} is out of bounds for inserting into rank {ndim} (need 0 <= axis <= {ndim})",
    )
    return axis
