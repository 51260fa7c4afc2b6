"""fftfreq: the sample frequencies of a DFT (nx.txt, "FFT").

`fftfreq ?d n` gives, for a window of `n` samples spaced `d` apart (default 1.0), the
frequency of each output of `fft`: k / (d·n) for k = 0, 1, ..., then the negative ones,
in `fft`'s order — documented for even n as 0, 1, ..., n/2 - 1, -n/2, ..., -1 over d·n;
for odd n (NumPy's rule) 0, ..., (n-1)/2, -(n-1)/2, ..., -1; one point gives [0], the
DFT's only sample (nx.txt:2089, "DFT sample frequencies"); n is at least 1 (see
`_frequencies.py`). The
result is float64 (documented: `(float, float64_elt) t`), each value k / (d·n) computed
in float64 (NumPy multiplies k by 1/(d·n), which can differ in the last bit).
"""

import numpy as np

from reference.nx.fft._frequencies import frequencies
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fftfreq")
def fftfreq(n: int, *, d: float = 1.0) -> Tensor:
    return frequencies("fftfreq", n, d, _fft_order, least=1)


def _fft_order(n: int) -> np.ndarray:
    """k = 0 .. ceil(n/2) - 1, then -floor(n/2) .. -1."""
    return np.concatenate([np.arange((n + 1) // 2), np.arange(-(n // 2), 0)])
