"""relu: max(0, x) element-wise (nx.txt:2116 "applies Rectified Linear Unit: max(0, x).").

Documented: `relu [-2; -1; 0; 1; 2]` = `[0; 0; 0; 1; 2]`. The signature is polymorphic
(nx.txt:2114, `('a, 'b) t -> ('a, 'b) t`): floats and integers are accepted, the result
keeps the dtype; unsigned integers are returned unchanged. max is IEEE 754-2019's maximum:
a NaN propagates (READINGS R176; Nx 1.0.0~alpha1 gives 0, upstream), max(0, -0.0) is +0.0;
±inf give +inf and 0. Complex numbers (no documented order) and bool are refused here, one
of the two outcomes R185 accepts (`reference.nx.math._domain`).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import refuse
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "relu")
def relu(t: Tensor) -> Tensor:
    # Note: R185 — the signature is polymorphic; complex numbers have no documented order and
    # the documentation is silent on bool: both are refused here; the cases also accept
    # max(0, z) in NumPy's lexicographic order and a bool unchanged (Nx 1.0.0~alpha1's).
    if not (t.dtype.is_float or t.dtype.is_integer):
        refuse("relu", t, "float or integer")
    return unary("relu", t, lambda x: np.maximum(x, 0))
