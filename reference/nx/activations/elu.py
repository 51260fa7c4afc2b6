"""elu: the Exponential Linear Unit (nx.txt, "Activation Functions").

`elu ?alpha t` = x where x > 0, alpha · (exp x - 1) elsewhere; alpha defaults to 1.0
(documented). The result is the exactly rounded value: alpha · expm1(x) in float64
(expm1 keeps the relative accuracy of exp x - 1 near 0), rounded once. NaN propagates;
-inf gives -alpha. Float dtypes only (`(float, 'a) t`).
"""

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import require_float
from reference.registry import op
from reference.tensor import Tensor


def elu_values(x: np.ndarray, alpha: float) -> np.ndarray:
    return np.where(x > 0, x, alpha * np.expm1(x))


@op("nx", "elu")
def elu(t: Tensor, *, alpha: float = 1.0) -> Tensor:
    require_float("elu", t)
    return unary("elu", t, lambda x: elu_values(x, alpha))
