"""fft2: the 2-D discrete Fourier transform (nx.txt, "FFT").

`fft2 ?axes ?s ?norm x` is `fftn` over `axes` (default: the last two, documented),
each axis first truncated or zero-padded to its length in `s` (documented: "Truncates or
pads to shape s if given"; `s` needs one length per axis). Complex input, same dtype
(NumPy's `fft.fft2`; see `_common.py`).
"""

from reference.nx.fft._common import complex_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fft2")
def fft2(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return complex_nd("fft2", x, axes, s, norm, inverse=False, default_axes=(-2, -1))
