"""rfftn: the N-dimensional discrete Fourier transform of real input (nx.txt, "FFT").

`rfftn ?axes ?s ?norm x`: `rfft` along the last of `axes` (n/2 + 1 frequencies), then
`fft` along the others, last listed first; each axis is first truncated or zero-padded to
its length in `s`. Axes default as for `fftn`; at least one axis
is needed. Any float dtype in, complex64 out (its type, nx.mli:2939).
NumPy's `fft.rfftn`; see `_common.py`.
"""

from reference.nx.fft._common import real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "rfftn")
def rfftn(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return real_nd("rfftn", x, axes, s, norm)
