"""rfftn: the N-dimensional discrete Fourier transform of real input (nx.txt, "FFT").

`rfftn ?axes ?s ?norm x`: `rfft` along the last of `axes` (n/2 + 1 frequencies), then
`fft` along the others, last listed first; each axis is first truncated or zero-padded to
its length in `s`. Axes default as for `fftn` (all, or the last len(s)); at least one axis
is needed. float16 / float32 / float64 input gives complex16 / complex32 / complex64.
NumPy's `fft.rfftn`; see `_common.py`.
"""

from reference.nx.fft._common import real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "rfftn")
def rfftn(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return real_nd("rfftn", x, axes, s, norm)
