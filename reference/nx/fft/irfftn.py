"""irfftn: the inverse of `rfftn`, a real N-dimensional signal (nx.txt, "FFT").

`irfftn ?axes ?s ?norm x`: `ifft` along every axis of `axes` but the last (in the listed
order), then `irfft` along the last. `s` gives the output lengths; without it each axis
keeps its length except the last, whose output has 2·(m - 1) points. Axes default as for
`fftn`; at least one is needed. Any complex dtype in, float64 out (its
type, nx.mli:2947). NumPy's `fft.irfftn`; see `_common.py`.
"""

from reference.nx.fft._common import inverse_real_nd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "irfftn")
def irfftn(x: Tensor, *, axes=None, s=None, norm: str = "Backward") -> Tensor:
    return inverse_real_nd("irfftn", x, axes, s, norm)
