"""rfftfreq: the sample frequencies of `rfft` (nx.txt, "FFT").

`rfftfreq ?d n` gives, for a window of `n` samples spaced `d` apart (default 1.0), the
frequencies of the n/2 + 1 outputs of `rfft`: documented as 0, 1, ..., n/2 over d·n
(n/2 rounded down). float64, each value k / (d·n) computed in float64, as `fftfreq`.
"""

import numpy as np

from reference.nx.fft._frequencies import frequencies
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "rfftfreq")
def rfftfreq(n: int, *, d: float = 1.0) -> Tensor:
    return frequencies("rfftfreq", n, d, lambda size: np.arange(size // 2 + 1), least=0)
