"""rfft2: the 2-D discrete Fourier transform of real input (nx.txt, "FFT").

`rfft2 ?axes ?s ?norm x` is `rfftn` over `axes` (default: the last two): `rfft` along
the last of them (n/2 + 1 frequencies), then `fft` along the other. Any float dtype in,
complex64 out (its type, nx.mli:2918). NumPy's `fft.rfft2`; see
`_common.py`.
"""

from reference.nx.fft._common import real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "rfft2")
def rfft2(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return real_nd("rfft2", x, axes, s, norm, default_axes=(-2, -1))
