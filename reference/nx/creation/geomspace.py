"""geomspace: `count` values evenly spaced on a geometric scale (nx.txt,
"Array Creation").

Each value is the previous one times a constant ratio: value i is
start * (stop / start) ** (i / (count - 1)) with `endpoint` (the default), or
** (i / count) without it. The endpoints are exactly `start` and `stop` (NumPy's
`geomspace`); `count` = 1 gives [start], 0 an empty tensor; a bound <= 0 raises
Invalid_argument (documented). Computed in float64 through base-10 logarithms, rounded
once to the float dtype.
"""

import numpy as np

from reference.dtypes import DType
from reference.errors import require
from reference.nx.creation.arange_f import require_float_dtype
from reference.nx.creation.linspace import linspace_values
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "geomspace")
def geomspace(
    dtype: DType, start: float, stop: float, count: int, *, endpoint: bool = True
) -> Tensor:
    require_float_dtype("geomspace", dtype)
    # Note: R35 — the documentation: "@raise Invalid_argument if [start <= 0.] or [stop <= 0.]".
    require(
        start > 0 and stop > 0,
        "geomspace",
        f"start = {start}, stop = {stop}: both must be positive",
    )
    low, high = start, stop
    exponents = linspace_values("geomspace", np.log10(low), np.log10(high), count, endpoint)
    with np.errstate(all="ignore"):
        values = np.power(10.0, exponents)
    if count > 0:
        values[0] = low
        if count > 1 and endpoint:
            values[-1] = high
    return Tensor.from_values(values, dtype)
