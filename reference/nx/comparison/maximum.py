"""maximum, maximum_s, rmaximum_s, imaximum, imaximum_s: the element-wise maximum (nx.txt,
"Comparison and Logical Operations").

`maximum t1 t2` "returns element-wise maximum" of two tensors of one dtype (no promotion),
broadcast together; `maximum_s t scalar` of each element and a scalar of the element
type; `rmaximum_s scalar t` "is maximum_s t scalar"; `imaximum target value` and
`imaximum_s t scalar` compute maximum "in-place": the result is written into the target
through its view (the value broadcasts to the target's shape, never the reverse) and the
target itself is returned.

NaN and complex values follow Nx 1.0.0~alpha1's maximum (R110, R113, `_common.nx_maximum`): a NaN
first operand gives the second, a NaN second operand gives NaN; complex values by real
part, then imaginary part. bool maximum is logical or.
"""

from __future__ import annotations

from reference.nx._cores.elementwise import binary
from reference.nx._cores.forms import register_forms
from reference.nx.comparison._common import nx_maximum
from reference.tensor import Tensor


def maximum(function: str, a: Tensor, b: Tensor) -> Tensor:
    return binary(function, a, b, nx_maximum)


register_forms("maximum", maximum)
