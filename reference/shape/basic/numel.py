"""numel: the number of elements of a shape (seed 002, Nx_core.Shape, "Basic operations").

`numel shape` is the product of the dimensions; documented: `numel [||]` is 1.
"""

from math import prod

from reference.errors import check_shape
from reference.registry import op


@op("shape", "numel")
def numel(shape: tuple[int, ...]) -> int:
    # Note: R223 — the module defines a shape as "an array of non-negative dimension sizes"; the
    # reference refuses a negative size as outside the function's domain
    # (`Invalid_argument`, OCaml's convention) rather than multiply it.
    # Case: shape.numel/"a negative dimension is refused".
    return prod(check_shape("numel", shape))
