"""ifftn: the N-dimensional inverse discrete Fourier transform (nx.txt, "FFT").

`ifftn ?axes ?s ?norm x` applies `ifft` along each of `axes` in turn (last listed
first), each axis first truncated or zero-padded to its length in `s`; the axes default
as for `fftn`. Complex input, same dtype (NumPy's `fft.ifftn`; see `_common.py`).
"""

from reference.nx.fft._common import complex_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "ifftn")
def ifftn(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return complex_nd("ifftn", x, axes, s, norm, inverse=True)
