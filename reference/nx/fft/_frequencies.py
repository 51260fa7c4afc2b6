"""What fftfreq and rfftfreq share: the checks and the division by n·d."""

from collections.abc import Callable

import numpy as np

from reference import dtypes
from reference.errors import require
from reference.tensor import Tensor


def frequencies(function: str, n: int, d: float,
                indices: Callable[[int], np.ndarray]) -> Tensor:
    """`indices(n)` / (d·n) in float64 (the documented result dtype), for a window of
    `n` > 0 samples spaced `d` != 0 apart."""
    # Note: R173 — the documentation gives no rule for n <= 0 or d = 0; NumPy refuses both (a
    # division by zero), and so does the reference (READINGS R3, R5).
    require(n >= 1, function, f"n = {n}; the window length must be >= 1")
    require(d != 0, function, "d = 0; the sample spacing must not be zero")
    return Tensor.from_values(indices(n) / (float(d) * n), dtypes.FLOAT64)
