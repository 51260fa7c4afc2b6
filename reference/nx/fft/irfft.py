"""irfft: the inverse of `rfft`, a real signal from its half spectrum (nx.txt, "FFT").

`irfft ?axis ?n ?norm x` reads the input along `axis` (default: the last) as the
frequencies 0 .. n/2 of the spectrum of a real signal of `n` points (documented:
"Assumes Hermitian symmetry"), rebuilds the other frequencies as X_{n-k} = conj(X_k) and
returns the real inverse transform. `n` is the output length (default 2·(m - 1) for m
input points); the input is truncated or zero-padded to n/2 + 1 points. The imaginary
parts of X_0 and, for even n, X_{n/2} have no effect (NumPy). Scaling as `ifft`.
Any complex dtype in, float64 out (its type, nx.mli:2904).
NumPy's `fft.irfft`; see `_common.py`.
"""

from reference.nx.fft._common import inverse_real_nd, one_axis
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "irfft")
def irfft(x: Tensor, *, axis: int = -1, n: int | None = None, norm: str = "Backward") -> Tensor:
    axes, s = one_axis(axis, n)
    return inverse_real_nd("irfft", x, axes, s, norm)
