"""linspace: `count` evenly spaced values from `start` to `stop` (nx.txt,
"Array Creation").

With `endpoint` (the default) the values are start + i * (stop - start) / (count - 1)
and the last one is exactly `stop`; without it, start + i * (stop - start) / count
(`stop` excluded). `count` = 1 gives [start], `count` = 0 an empty tensor; a negative
count is refused. Values are computed in float64 (NumPy's formula) and stored once in
the dtype.
"""

import numpy as np

from reference.dtypes import DType
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


def linspace_values(
    function: str, start: float, stop: float, count: int, endpoint: bool
) -> np.ndarray:
    """NumPy's `linspace(start, stop, count, endpoint)` in float64."""
    require(count >= 0, function, f"count = {count}; the number of values must be >= 0")
    # Note: R32 — count = 1 gives [start] whatever `endpoint` says (NumPy).
    divisions = count - 1 if endpoint else count
    indices = np.arange(count, dtype=np.float64)
    with np.errstate(all="ignore"):
        if divisions > 0:
            values = start + indices * ((stop - start) / divisions)
        else:
            values = np.full(count, float(start))
        if endpoint and count > 1:
            values[-1] = stop
    return values


@op("nx", "linspace")
def linspace(
    dtype: DType, start: float, stop: float, count: int, *, endpoint: bool = True
) -> Tensor:
    values = linspace_values("linspace", start, stop, count, endpoint)
    if dtype.is_integer:
        # Note: R33 — the documentation says nothing of integer dtypes: NumPy >= 2.0 floors the
        # float values, Nx 1.0.0~alpha1 truncates them toward zero as cast does (R64); cases
        # accept either. The reference truncates: `linspace int32 (-5.) 5. 4` is
        # [-5, -1, 1, 5]. Non-finite values have no integer value (unspecified, as for `cast`).
        with np.errstate(all="ignore"):
            truncated = np.trunc(values)
            values = np.where(np.isfinite(truncated), truncated, 0).astype(np.int64)
    return Tensor.from_values(values, dtype)
