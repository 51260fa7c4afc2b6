"""maximum, maximum_s, rmaximum_s, imaximum, imaximum_s: the element-wise maximum (nx.txt,
"Comparison and Logical Operations").

`maximum t1 t2` "returns element-wise maximum." (nx.txt:1336) of two tensors of one dtype
(no promotion), broadcast together; `maximum_s t scalar` of each element and a scalar of
the element type (nx.txt:1339); `rmaximum_s scalar t` "is maximum_s t scalar"
(nx.txt:1342); `imaximum target value` and `imaximum_s t scalar` compute maximum
"in-place" (nx.txt:1346, 1349): the result is written into the target through its view
(the value broadcasts to the target's shape, never the reverse) and the target itself is
returned.

NaN propagates, whichever operand holds it: the documentation names the maximum and is
silent on NaN, and IEEE 754-2019's maximum propagates it (READINGS R110; Nx 1.0.0~alpha1's
`a > b ? a : b` drops a NaN first operand, an upstream finding). Complex values have no
documented order (R113): the reference takes NumPy's lexicographic order, a value with a
NaN part propagating; bool maximum is logical or.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import binary
from reference.nx._cores.forms import register_forms
from reference.tensor import Tensor


# Note: R110 — IEEE 754-2019 maximum: a NaN operand gives NaN (numpy.maximum's rule; for
# complex values, one with a NaN part).
def maximum(function: str, a: Tensor, b: Tensor) -> Tensor:
    return binary(function, a, b, np.maximum)


register_forms("maximum", maximum)
