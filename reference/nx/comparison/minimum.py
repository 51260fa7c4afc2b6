"""minimum, minimum_s, rminimum_s, iminimum, iminimum_s: the element-wise minimum (nx.txt,
"Comparison and Logical Operations").

`minimum t1 t2` "returns element-wise minimum." (nx.txt:1352) of two tensors of one dtype
(no promotion), broadcast together; `minimum_s t scalar` of each element and a scalar of
the element type (nx.txt:1355); `rminimum_s scalar t` "is minimum_s t scalar"
(nx.txt:1358); `iminimum target value` and `iminimum_s t scalar` compute minimum
"in-place" (nx.txt:1362, 1365): the result is written into the target through its view
(the value broadcasts to the target's shape, never the reverse) and the target itself is
returned.

NaN propagates, whichever operand holds it: the documentation names the minimum and is
silent on NaN, and IEEE 754-2019's minimum propagates it (READINGS R110; Nx 1.0.0~alpha1's
`where (cmplt a b) a b` drops a NaN first operand, an upstream finding). Complex values
have no documented order (R113): the reference takes NumPy's lexicographic order, a value
with a NaN part propagating; bool minimum is logical and.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import binary
from reference.nx._cores.forms import register_forms
from reference.tensor import Tensor


# Note: R110 — IEEE 754-2019 minimum: a NaN operand gives NaN (numpy.minimum's rule; for
# complex values, one with a NaN part).
def minimum(function: str, a: Tensor, b: Tensor) -> Tensor:
    return binary(function, a, b, np.minimum)


register_forms("minimum", minimum)
