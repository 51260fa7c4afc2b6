"""What fftfreq and rfftfreq share: the checks and the division by n·d."""

from collections.abc import Callable

import numpy as np

from reference import dtypes
from reference.errors import require
from reference.tensor import Tensor


def frequencies(
    function: str, n: int, d: float, indices: Callable[[int], np.ndarray], least: int
) -> Tensor:
    """`indices(n)` / (d·n) in float64 (the documented result dtype), for a window of
    `n` >= `least` samples spaced `d` apart."""
    # Note: R173 — the documentation gives no rule for small n or d = 0; NumPy refuses n <= 0
    # and d = 0 (a division by zero). As Nx 1.0.0~alpha1, the division follows IEEE
    # (d = 0 gives inf and, for k = 0, NaN; rfftfreq 0 is [NaN]), and the windows whose
    # index ranges it cannot build raise (fftfreq below 2 points, rfftfreq below 0).
    require(n >= least, function, f"n = {n}; the window length must be >= {least}")
    with np.errstate(divide="ignore", invalid="ignore"):
        return Tensor.from_values(indices(n) / (float(d) * n), dtypes.FLOAT64)
