"""fftn: the N-dimensional discrete Fourier transform (nx.txt, "FFT").

`fftn ?axes ?s ?norm x` applies `fft` along each of `axes` in turn, the last listed axis
first (the transforms commute but for rounding), each axis first truncated or zero-padded
to its length in `s`. Default axes: all of them (documented), or the last len(s) when
only `s` is given (NumPy's rule); `axes = []` transforms nothing (a copy). Under a norm
mode the scaling is the product of the per-axis scalings. Complex input, same dtype
(NumPy's `fft.fftn`; see `_common.py`).
"""

from reference.nx.fft._common import complex_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fftn")
def fftn(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return complex_nd("fftn", x, axes, s, norm, inverse=False)
