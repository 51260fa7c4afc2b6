"""minimum, minimum_s, rminimum_s, iminimum, iminimum_s: the element-wise minimum (nx.txt,
"Comparison and Logical Operations").

`minimum t1 t2` "returns element-wise minimum" of two tensors of one dtype (no promotion),
broadcast together; `minimum_s t scalar` of each element and a scalar of the element
type; `rminimum_s scalar t` "is minimum_s t scalar"; `iminimum target value` and
`iminimum_s t scalar` compute minimum "in-place": the result is written into the target
through its view (the value broadcasts to the target's shape, never the reverse) and the
target itself is returned.

NaN follows Nx 1.0.0~alpha1's minimum (R110, `_common.nx_minimum`): a NaN first operand
gives the second, a NaN second operand gives NaN.
Complex values are refused by minimum, minimum_s and rminimum_s (`refuse_complex`: Nx
1.0.0~alpha1's minimum is a cmplt and a where, and cmplt has no complex kernel); iminimum
and iminimum_s, which Nx computes as -(max(-target, -value)), keep them in maximum's
lexicographic order. bool minimum is logical and.
"""

from __future__ import annotations

from reference.nx._cores.elementwise import binary
from reference.nx._cores.forms import register_forms
from reference.nx.comparison._common import nx_maximum, nx_minimum, refuse_complex
from reference.tensor import Tensor


def minimum(function: str, a: Tensor, b: Tensor) -> Tensor:
    # Note: R113 — settled by Nx 1.0.0~alpha1 (the documentation gives no order on complex
    # numbers): only the in-place forms, built on maximum, take complex tensors.
    if a.dtype.is_complex and function.startswith("iminimum"):
        return binary(function, a, b, lambda x, y: -nx_maximum(-x, -y))
    refuse_complex(function, a)
    return binary(function, a, b, nx_minimum)


register_forms("minimum", minimum)
