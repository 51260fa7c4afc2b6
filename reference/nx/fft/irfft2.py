"""irfft2: the inverse of `rfft2`, a real 2-D signal (nx.txt, "FFT").

`irfft2 ?axes ?s ?norm x` is `irfftn` over `axes` (default: the last two): `ifft` along
the first, then `irfft` along the last (default output length 2·(m - 1)). complex16 /
complex32 / complex64 input gives float16 / float32 / float64. NumPy's
`fft.irfft2`; see `_common.py`.
"""

from reference.nx.fft._common import inverse_real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "irfft2")
def irfft2(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return inverse_real_nd("irfft2", x, axes, s, norm, default_axes=(-2, -1))
