"""logspace: `count` values evenly spaced on a log scale (nx.txt, "Array Creation").

`logspace dtype ?endpoint ?base start_exp stop_exp count` is `base ** x` for the x of
`linspace start_exp stop_exp count` (same `endpoint` rule), default base 10.0; computed
in float64 and rounded once to the float dtype.
"""

import numpy as np

from reference.dtypes import DType
from reference.nx.creation.arange_f import require_float_dtype
from reference.nx.creation.linspace import linspace_values
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "logspace")
def logspace(dtype: DType, start_exp: float, stop_exp: float, count: int, *,
             endpoint: bool = True, base: float = 10.0) -> Tensor:
    require_float_dtype("logspace", dtype)
    exponents = linspace_values("logspace", start_exp, stop_exp, count, endpoint)
    with np.errstate(all="ignore"):
        values = np.power(np.float64(base), exponents)
    return Tensor.from_values(values, dtype)
