"""leaky_relu: x where x > 0, negative_slope · x elsewhere (nx.txt, "Activation
Functions").

`leaky_relu ?negative_slope t`, default slope 0.01 (documented). Computed in float64 and
rounded once; NaN propagates (the test x > 0 is false and the slope times NaN is NaN),
-inf gives -inf for a positive slope. Float dtypes only (`(float, 'a) t`).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import require_float
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "leaky_relu")
def leaky_relu(t: Tensor, *, negative_slope: float = 0.01) -> Tensor:
    require_float("leaky_relu", t)
    return unary("leaky_relu", t, lambda x: np.where(x > 0, x, negative_slope * x))
