"""minimum, minimum_s, rminimum_s, iminimum, iminimum_s: the element-wise minimum (seed 001,
"Comparison and Logical Operations").

`minimum t1 t2` "returns element-wise minimum" of two tensors of one dtype (no promotion),
broadcast together; `minimum_s t scalar` of each element and a scalar of the element
type; `rminimum_s scalar t` "is minimum_s t scalar"; `iminimum target value` and
`iminimum_s t scalar` compute minimum "in-place": the result is written into the target
through its view (the value broadcasts to the target's shape, never the reverse) and the
target itself is returned.

NaN propagates (NOTES-ON-AMBIGUITY, "Comparison and logic"): a NaN operand gives NaN.
Complex values are ordered lexicographically, a NaN part propagating (NumPy, as every
ordered op of the suite); bool minimum is logical and.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import binary, scalar_operand, write_in_place
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "minimum")
def minimum(t1: Tensor, t2: Tensor) -> Tensor:
    return binary("minimum", t1, t2, np.minimum)


@op("nx", "minimum_s")
def minimum_s(t: Tensor, scalar) -> Tensor:
    return binary("minimum_s", t, scalar_operand("minimum_s", t, scalar), np.minimum)


@op("nx", "rminimum_s")
def rminimum_s(scalar, t: Tensor) -> Tensor:
    return minimum_s(t, scalar)


@op("nx", "iminimum")
def iminimum(target: Tensor, value: Tensor) -> Tensor:
    return write_in_place("iminimum", target, binary("iminimum", target, value, np.minimum))


@op("nx", "iminimum_s")
def iminimum_s(t: Tensor, scalar) -> Tensor:
    return write_in_place("iminimum_s", t, minimum_s(t, scalar))
