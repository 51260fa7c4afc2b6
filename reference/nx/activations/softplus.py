"""softplus: log(1 + exp x) (nx.txt, "Activation Functions").

The result is the exactly rounded log(1 + e^x) (computed in float64 as
`logaddexp(0, x)`, which neither overflows nor loses the small values of large negative
x, and rounded once) — except where e^x itself overflows the storage dtype: there the
result is +inf, as the documentation's worked example shows
(`softplus (scalar float32 100.)` is `infinity`, though log(1 + e^100) is 100). In
float8_e4m3, which has no infinity, such a result is NaN like every overflow of that
format. NaN propagates; softplus -inf = 0, softplus inf = inf. Float dtypes only.
"""

import numpy as np

from reference.dtypes import DType, to_storage
from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import require_float
from reference.registry import op
from reference.tensor import Tensor


def softplus_values(x: np.ndarray, dtype: DType) -> np.ndarray:
    # Note: R181 — the documentation's formula and its example (100 -> infinity in float32)
    # say that e^x is formed in the tensor's dtype and overflows there; the text's
    # "smooth approximation to ReLU" would say 100. The worked example wins
    # (READINGS R2; ERRATA.md, nx.softplus).
    exp_in_dtype = to_storage(np.exp(x), dtype).astype(np.float64)
    overflows = ~np.isfinite(exp_in_dtype) & (x > 0)
    return np.where(overflows, np.inf, np.logaddexp(0.0, x))


@op("nx", "softplus")
def softplus(t: Tensor) -> Tensor:
    require_float("softplus", t)
    return unary("softplus", t, lambda x: softplus_values(x, t.dtype))
