"""hard_sigmoid: the piecewise linear sigmoid (nx.txt:2138, "Activation Functions").

`hard_sigmoid ?alpha ?beta t` = max(0, min(1, alpha · x + beta)) element-wise, with the
documented defaults alpha = 1/6 and beta = 0.5: 0 for x <= -3, 1 for x >= 3, linear
between. The documentation calls it a "piecewise linear sigmoid approximation" without
the formula; the clipped line is the usual one (PyTorch's and JAX's `hard_sigmoid`,
READINGS R182). Computed in float64 and rounded once; NaN propagates (IEEE 754-2019
maximum and minimum, READINGS R176),
±inf give 1 and 0 (for a positive alpha). Float dtypes only (`(float, 'a) t`).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import require_float
from reference.registry import op
from reference.tensor import Tensor

ALPHA = 1 / 6
BETA = 0.5


def hard_sigmoid_values(x: np.ndarray, alpha: float = ALPHA, beta: float = BETA) -> np.ndarray:
    # Note: R182 — the documentation gives the defaults but no formula; the clipped line
    # max(0, min(1, alpha x + beta)) is the one those defaults describe (READINGS R3).
    # np.maximum / np.minimum propagate NaN.
    return np.minimum(np.maximum(alpha * x + beta, 0.0), 1.0)


@op("nx", "hard_sigmoid")
def hard_sigmoid(t: Tensor, *, alpha: float = ALPHA, beta: float = BETA) -> Tensor:
    require_float("hard_sigmoid", t)
    return unary("hard_sigmoid", t, lambda x: hard_sigmoid_values(x, alpha, beta))
