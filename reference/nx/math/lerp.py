"""lerp, lerp_scalar_weight: linear interpolation (nx.txt, "Mathematical Functions").

`lerp start end_ weight` is start + weight · (end_ - start) element-wise (documented;
"weight typically in [0, 1]", not clamped: a weight outside it extrapolates). The three
tensors broadcast and have one dtype. `lerp_scalar_weight start end_ weight` is the same
with one weight of the element type (`'a`), which is stored in the dtype first, as every
scalar operand (`scalar_operand`: a float rounds to the dtype, an int wraps).

Floats and complex numbers: the formula is evaluated on the exact operands in float64
(complex128) and rounded once into the dtype (the exactly rounded result but for the rare
double-rounding tie); IEEE arithmetic gives its usual values at NaN and infinities
(weight 0 with an infinite end_ is 0 · inf = NaN). Integer dtypes: the formula in
integer arithmetic, wrapped modulo 2^bits (READINGS R19). Bool: the formula in Nx's
bool arithmetic, start || ((end_ || not start) && weight) (R103, settled by Nx
1.0.0~alpha1).
"""

import numpy as np

from reference.nx._cores.elementwise import operands, same_dtype, scalar_operand
from reference.registry import op
from reference.tensor import Tensor


def interpolate(function: str, start: Tensor, end_: Tensor, weight: Tensor) -> Tensor:
    dtype = same_dtype(function, start, end_, weight)
    s, e, w = operands(function, start, end_, weight)
    if dtype.is_bool:
        # Note: R103 — the documentation says nothing of bool; settled by Nx 1.0.0~alpha1, which
        # computes start + (end_ - start) * weight with its bool add (or), sub (a || not b)
        # and mul (and).
        return Tensor.from_values(s | ((e | ~s) & w), dtype)
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
