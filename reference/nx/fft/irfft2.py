"""irfft2: the inverse of `rfft2`, a real 2-D signal (nx.txt, "FFT").

`irfft2 ?axes ?s ?norm x` is `irfftn` over `axes` (default: the last two): `ifft` along
the first, then `irfft` along the last (`s` gives the output lengths). Any complex
dtype in, float64 out (its type, nx.mli:2928). NumPy's
`fft.irfft2`; see `_common.py`. `s` must be given: "@raise Invalid_argument if input has less
than 2 dimensions or if [s] not specified" (nx.mli:2932, the interface file; ERRATA nx.irfft2).
"""

from reference.errors import require
from reference.nx.fft._common import inverse_real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "irfft2")
def irfft2(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    # "@raise Invalid_argument ... if [s] not specified" (nx.mli:2932): the signature makes
    # s optional, but without it the call raises (ERRATA nx.irfft2).
    require(
        s is not None, "irfft2", "s not specified: the output lengths must be given (nx.mli:2932)"
    )
    return inverse_real_nd("irfft2", x, axes, s, norm, default_axes=(-2, -1))
