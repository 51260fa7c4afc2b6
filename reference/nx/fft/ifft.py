"""ifft: the inverse discrete Fourier transform along one axis (nx.txt, "FFT").

`ifft ?axis ?n ?norm x` computes x_j = sum_k X_k · exp(+2πi · jk / n) along `axis`
(default: the last), after truncating the input to `n` points or padding it with zeros
(default: the axis' length), divided by n under the default norm `` `Backward ``
(`` `Forward ``: not scaled; `` `Ortho ``: divided by √n). The input is complex and the
result keeps its dtype (NumPy's `fft.ifft`; see `_common.py`).
"""

from reference.nx.fft._common import complex_nd, one_axis
from reference.registry import op
from reference.tensor import Tensor


# Note: R175 — the documentation's signature line reads `ifft ?axis ?s ?norm x`, but the
# parameter it then describes is `n` ("Length of the transformed axis of the output"),
# as for `fft`: the more specific statement wins (READINGS R2), the
# length is the labelled argument `n`. Recorded in spec/ERRATA.md.
@op("nx", "ifft")
def ifft(x: Tensor, *, axis: int = -1, n: int | None = None, norm: str = "Backward") -> Tensor:
    axes, s = one_axis(axis, n)
    return complex_nd("ifft", x, axes, s, norm, inverse=True)
