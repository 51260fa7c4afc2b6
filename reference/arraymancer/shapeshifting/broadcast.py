"""broadcast / bc: a tensor or a number seen with a larger shape (arraymancer_shapeshifting.txt,
Arraymancer).

`broadcast(t, shape)`: "dimension(s) of size 1 can be expanded to arbitrary size by
replicating values along that dimension" — a view whose expanded dimensions have stride 0
(the documentation warns not to write to it: the data is shared). Unlike Nx and NumPy,
only the dimensions of size 1 that `t` has can grow: `shape` must have the rank of `t`.
`broadcast(val, shape)`: a tensor of `shape` all of whose elements are the number `val`,
"made using tensor data of size 1 and 0 strides" (so writing one element writes all).
`bc` is a documented alias of both. A refusal (a Nim exception) is read as
`Invalid_argument` (see `_common`).
"""

import numpy as np

from reference import dtypes
from reference.broadcast import broadcast_view
from reference.errors import check_shape, invalid, require
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


def broadcast_number(val, shape: tuple[int, ...]) -> Tensor:
    """A tensor of `shape` reading the one element `val` through zero strides."""
    # Note: R233 — Nim's `SomeNumber` literals are `int` (64-bit) and `float` (float64); an OCaml
    # `int` is read as a Nim int (int64) and a `float` as a Nim float (float64). A bool or
    # a complex number is not a `SomeNumber`: refused. Cases: "an int broadcasts as
    # int64", "a bool is not a number".
    if isinstance(val, bool) or not isinstance(val, int | float):
        raise invalid("broadcast", f"{val!r} is not a number (Nim SomeNumber: int or float)")
    dtype = dtypes.INT64 if isinstance(val, int) else dtypes.FLOAT64
    require(not dtype.is_integer or dtype.low <= val <= dtype.high, "broadcast",
            f"{val} does not fit a Nim int (int64)")
    buffer = np.array([val], dtype=dtype.storage)
    return Tensor(buffer, dtype, View(shape, (0,) * len(shape), 0))


@op("arraymancer", "broadcast")
@op("arraymancer", "bc")
def broadcast(t, shape: tuple[int, ...]) -> Tensor:
    shape = check_shape("broadcast", shape)
    if not isinstance(t, Tensor):
        return broadcast_number(t, shape)
    # Note: R233 — the documentation only lets dimensions of size 1 grow; it adds none (NumPy
    # would prepend them). Case: "a shape of another rank is refused".
    require(len(shape) == t.ndim, "broadcast",
            f"cannot broadcast shape {list(t.shape)} to {list(shape)}: the ranks differ "
            "(only existing dimensions of size 1 can be expanded)")
    return broadcast_view("broadcast", t, shape)
