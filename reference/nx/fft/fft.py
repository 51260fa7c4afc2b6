"""fft: the discrete Fourier transform along one axis (nx.txt, "FFT").

`fft ?axis ?n ?norm x` computes X_k = sum_j x_j · exp(-2πi · jk / n) along `axis`
(default: the last), after truncating the input to `n` points or padding it with zeros
(default: the axis' length). With the default norm `` `Backward `` the forward transform
is not scaled; `` `Forward `` divides it by n, `` `Ortho `` by √n. The input is complex
and the result keeps its dtype (NumPy's `fft.fft`; see `_common.py`).
"""

from reference.nx.fft._common import complex_nd, one_axis
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fft")
def fft(x: Tensor, *, axis: int = -1, n: int | None = None, norm: str = "Backward") -> Tensor:
    axes, s = one_axis(axis, n)
    return complex_nd("fft", x, axes, s, norm, inverse=False)
