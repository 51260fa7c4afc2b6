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
    # The documented k / (d·n) (nx.txt:2092, 2099) is evaluated under IEEE 754 division
    # where n·d = 0: d = 0 gives ±inf and, for k = 0, NaN; rfftfreq 0 is [NaN] (NumPy raises
    # ZeroDivisionError instead). Note: R173 — a window with no sample to give a frequency to
    # (fftfreq 0, negative n) is refused; fftfreq 1 is [0], its only sample.
    require(n >= least, function, f"n = {n}; the window length must be >= {least}")
    with np.errstate(divide="ignore", invalid="ignore"):
        return Tensor.from_values(indices(n) / (float(d) * n), dtypes.FLOAT64)
