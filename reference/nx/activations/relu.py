"""relu: max(0, x) element-wise (nx.txt, "Activation Functions").

Documented: `relu [-2; -1; 0; 1; 2]` = `[0; 0; 0; 1; 2]`. The signature is polymorphic
(`('a, 'b) t -> ('a, 'b) t`): floats and integers are accepted, the result keeps the
dtype; unsigned integers are returned unchanged. relu is Nx's maximum x 0
(`comparison._common.nx_maximum`), so NaN gives 0 (R176, settled by Nx 1.0.0~alpha1); ±inf give
+inf and 0. A bool is returned unchanged (maximum x false) and a complex number is
maximum z 0 in Nx's complex order (by real part, then imaginary part): R185, settled by
Nx 1.0.0~alpha1.
"""

from reference.nx._cores.elementwise import unary
from reference.nx.comparison._common import nx_maximum
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "relu")
def relu(t: Tensor) -> Tensor:
    # Note: R185 — the signature is polymorphic and the documentation says nothing of bool or
    # complex values; settled by Nx 1.0.0~alpha1, which computes relu as maximum x 0 on
    # every dtype (its maximum orders complex values by real part, then imaginary part).
    return unary("relu", t, lambda x: nx_maximum(x, 0))
