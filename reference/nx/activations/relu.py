"""relu: max(0, x) element-wise (seed 001, "Activation Functions").

Documented: `relu [-2; -1; 0; 1; 2]` = `[0; 0; 0; 1; 2]`. The signature is polymorphic
(`('a, 'b) t -> ('a, 'b) t`): floats and integers are accepted, the result keeps the
dtype; unsigned integers are returned unchanged. relu is Nx's maximum x 0
(`comparison._common.nx_maximum`), so NaN gives 0 (R176, settled by Nx 1.0.0~alpha1); ±inf give
+inf and 0. Complex numbers have no order and are refused,
as is bool (`reference.nx.math._domain`).
"""

from reference.nx._cores.elementwise import unary
from reference.nx.comparison._common import nx_maximum
from reference.nx.math._domain import refuse
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "relu")
def relu(t: Tensor) -> Tensor:
    # Note: R185 — the signature is polymorphic; complex numbers have no order (max(0, z) is
    # undefined) and bool no arithmetic: both are refused.
    if not (t.dtype.is_float or t.dtype.is_integer):
        refuse("relu", t, "float or integer")
    return unary("relu", t, lambda x: nx_maximum(x, 0))
