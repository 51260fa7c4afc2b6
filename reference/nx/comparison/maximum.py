"""maximum, maximum_s, rmaximum_s, imaximum, imaximum_s: the element-wise maximum (seed 001,
"Comparison and Logical Operations").

`maximum t1 t2` "returns element-wise maximum" of two tensors of one dtype (no promotion),
broadcast together; `maximum_s t scalar` of each element and a scalar of the element
type; `rmaximum_s scalar t` "is maximum_s t scalar"; `imaximum target value` and
`imaximum_s t scalar` compute maximum "in-place": the result is written into the target
through its view (the value broadcasts to the target's shape, never the reverse) and the
target itself is returned.

NaN propagates (NOTES-ON-AMBIGUITY, "Comparison and logic"): a NaN operand gives NaN.
Complex values are ordered lexicographically, a NaN part propagating (NumPy, as every
ordered op of the suite); bool maximum is logical or.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import binary, scalar_operand, write_in_place
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "maximum")
def maximum(t1: Tensor, t2: Tensor) -> Tensor:
    return binary("maximum", t1, t2, np.maximum)


@op("nx", "maximum_s")
def maximum_s(t: Tensor, scalar) -> Tensor:
    return binary("maximum_s", t, scalar_operand("maximum_s", t, scalar), np.maximum)


@op("nx", "rmaximum_s")
def rmaximum_s(scalar, t: Tensor) -> Tensor:
    return maximum_s(t, scalar)


@op("nx", "imaximum")
def imaximum(target: Tensor, value: Tensor) -> Tensor:
    return write_in_place("imaximum", target, binary("imaximum", target, value, np.maximum))


@op("nx", "imaximum_s")
def imaximum_s(t: Tensor, scalar) -> Tensor:
    return write_in_place("imaximum_s", t, maximum_s(t, scalar))
