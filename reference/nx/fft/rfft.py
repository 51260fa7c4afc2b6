"""rfft: the discrete Fourier transform of real input (nx.txt, "FFT").

`rfft ?axis ?n ?norm x` is `fft` of the real signal (truncated or zero-padded to `n`
points along `axis`, default the last), keeping only the non-redundant frequencies
0 .. n/2 (documented: "Output size along last transformed axis is n/2+1"); the others
are the complex conjugates of these (Hermitian symmetry of a real signal's spectrum).
Any float dtype in, complex64 out (its type, nx.mli:2881). NumPy's `fft.rfft`; see `_common.py`.
"""

from reference.nx.fft._common import one_axis, real_nd
from reference.registry import op
from reference.tensor import Tensor


# Note: R175 — the documentation's entry has the signature `rfft ?axis ?n ?norm x` but then
# lists `axes` and `s` (rfftn's parameters); the signature is taken (R2, and the
# worked example `rfft ~axis:0 x`). Recorded in spec/ERRATA.md.
@op("nx", "rfft")
def rfft(x: Tensor, *, axis: int = -1, n: int | None = None, norm: str = "Backward") -> Tensor:
    axes, s = one_axis(axis, n)
    return real_nd("rfft", x, axes, s, norm)
