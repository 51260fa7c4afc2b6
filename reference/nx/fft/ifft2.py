"""ifft2: the 2-D inverse discrete Fourier transform (nx.txt, "FFT").

`ifft2 ?axes ?s ?norm x` is `ifftn` over `axes` (default: the last two, as `fft2`),
each axis first truncated or zero-padded to its length in `s`. Complex input, same dtype
(NumPy's `fft.ifft2`; see `_common.py`).
"""

from reference.nx.fft._common import complex_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "ifft2")
def ifft2(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return complex_nd("ifft2", x, axes, s, norm, inverse=True, default_axes=(-2, -1))
