"""lerp, lerp_scalar_weight: linear interpolation (nx.txt:1261, nx.txt:1276,
"Mathematical Functions").

`lerp start end_ weight` is start + weight · (end_ - start) element-wise (nx.txt:1264
"Returns start + weight * (end_ - start).";
"weight typically in [0, 1]", not clamped: a weight outside it extrapolates). The three
tensors broadcast and have one dtype. `lerp_scalar_weight start end_ weight` is the same
with one weight of the element type (`'a`), which is stored in the dtype first, as every
scalar operand (`scalar_operand`: a float rounds to the dtype, an int wraps).

Floats and complex numbers: the formula is evaluated on the exact operands in float64
(complex128) and rounded once into the dtype (the exactly rounded result but for the rare
double-rounding tie); IEEE arithmetic gives its usual values at NaN and infinities
(weight 0 with an infinite end_ is 0 · inf = NaN). Integer dtypes: the formula in
integer arithmetic, wrapped modulo 2^bits (READINGS
R19). Bool is refused (`_domain`), one of the two outcomes R103 accepts (the formula in
R90's bool arithmetic is the other).
"""

import numpy as np

from reference.nx._cores.elementwise import operands, same_dtype, scalar_operand
from reference.nx.math._domain import refuse
from reference.registry import op
from reference.tensor import Tensor


def interpolate(function: str, start: Tensor, end_: Tensor, weight: Tensor) -> Tensor:
    dtype = same_dtype(function, start, end_, weight)
    if dtype.is_bool:
        refuse(function, start, "float, complex or integer")
    s, e, w = operands(function, start, end_, weight)
    with np.errstate(all="ignore"):
        result = s + w * (e - s)
    return Tensor.from_values(result, dtype)


@op("nx", "lerp")
def lerp(start: Tensor, end_: Tensor, weight: Tensor) -> Tensor:
    return interpolate("lerp", start, end_, weight)


@op("nx", "lerp_scalar_weight")
def lerp_scalar_weight(start: Tensor, end_: Tensor, weight) -> Tensor:
    # Note: R21 — the weight is a value of the element type ('a), so it is stored in the dtype
    # before use, like the scalar of every `_s` operation (float16 0.1 is 0.0999755859375).
    return interpolate("lerp_scalar_weight", start, end_,
                       scalar_operand("lerp_scalar_weight", start, weight))
