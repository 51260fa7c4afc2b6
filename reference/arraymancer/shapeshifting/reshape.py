"""reshape: the same data with another shape (arraymancer_shapeshifting.txt, Arraymancer).

Documented: the new shape must have the same number of elements; the result is "a tensor
with the same data but reshaped" (row-major order). A C-contiguous tensor is reshaped in
place, as a view; any other layout is first copied (Arraymancer's rule — unlike Nx,
which keeps a view whenever the strides allow one). Unlike NumPy and Nx, a -1 is not
inferred. Reshaping to the shape [] is refused here, as Arraymancer (where its size is 0)
does; READINGS R239 accepts that or a rank-0 tensor. A rank-0 tensor holding one element
reshapes like any other. A refusal is read as `Invalid_argument` (see `_common`).
"""

from math import prod

from reference.errors import check_shape, require
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


@op("arraymancer", "reshape")
def reshape(t: Tensor, new_shape: tuple[int, ...]) -> Tensor:
    # Note: R234 — "a new shape. Number of elements must be the same" — a -1 is not a size, so it
    # is refused (later Arraymancer releases say so: "unlike Numpy, dimensions cannot be
    # -1"). Case: "a -1 is not inferred".
    new_shape = check_shape("reshape", new_shape)
    # Note: R239 — the documentation is silent on the size of the shape []: the empty
    # product (1, a rank-0 tensor) or Arraymancer's 0 (a refusal) are both accepted; the
    # reference refuses, as Arraymancer does. Case: "one element to rank 0 makes a rank-0
    # tensor or is refused".
    require(
        len(new_shape) > 0,
        "reshape",
        f"cannot reshape {t.numel} elements (shape {list(t.shape)}) to shape []: "
        "Arraymancer has no rank-0 tensor holding an element",
    )
    require(
        prod(new_shape) == t.numel,
        "reshape",
        f"cannot reshape {t.numel} elements (shape {list(t.shape)}) to shape "
        f"{list(new_shape)} ({prod(new_shape)} elements)",
    )
    # Note: R234 — "the same data" is read as sharing the data when the layout allows it without
    # copying (a C-contiguous tensor). Case: "a contiguous tensor is reshaped as a view".
    if t.is_c_contiguous():
        return t.with_view(View.contiguous(new_shape, t.offset if t.numel else 0))
    return Tensor.from_values(t.values().reshape(new_shape), t.dtype)
