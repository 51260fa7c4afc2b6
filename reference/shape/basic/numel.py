"""numel: the number of elements of a shape (nx_core_shape.txt, Nx_core.Shape, "Basic operations").

`numel shape` is the product of the dimensions; documented: `numel [||]` is 1.
"""

from math import prod

from reference.registry import op


@op("shape", "numel")
def numel(shape: tuple[int, ...]) -> int:
    # Note: R223 — the module defines a shape as "an array of non-negative dimension sizes" and
    # says nothing of a negative one; `numel` is documented as the product of the
    # dimensions, which the reference computes whatever their sign, as Nx 1.0.0~alpha3 does
    # (the case accepts a refusal too). Case: shape.numel/"a negative dimension is
    # multiplied or refused".
    return prod(shape)
