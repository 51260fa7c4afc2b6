"""irfft2: the inverse of `rfft2`, a real 2-D signal (nx.txt, "FFT").

`irfft2 ?axes ?s ?norm x` is `irfftn` over `axes` (default: the last two): `ifft` along
the first, then `irfft` along the last (default output length 2·(m - 1)). Any complex
dtype in, float64 out (its type, nx.mli:2928). NumPy's
`fft.irfft2`; see `_common.py`.
"""

from reference.nx.fft._common import inverse_real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "irfft2")
def irfft2(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return inverse_real_nd("irfft2", x, axes, s, norm, default_axes=(-2, -1))
