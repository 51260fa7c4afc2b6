"""ihfft: the inverse of `hfft`, the half spectrum of a real signal (nx.txt, "FFT").

`ihfft x ~n ~axis` is the inverse transform of the real signal (truncated or zero-padded
to `n` points along `axis`), x_j = (1/n) · sum_k X_k · exp(+2πi · jk / n), keeping the
values 0 .. n/2 (the others are their conjugates): `rfft` with the sign of the exponent
and the scaling swapped (NumPy: `ihfft(a, n) = conj(rfft(a, n)) / n`). Any float dtype
in, complex64 out (its type, nx.mli:2968; see `_common.py`). NumPy's `fft.ihfft`.
"""

from reference.dtypes import COMPLEX64
from reference.errors import check_axis
from reference.nx.fft._common import check_length, half_spectrum, real_values
from reference.registry import op
from reference.tensor import Tensor


# Note: R175 — documented as `ihfft x ~n ~axis`: labelled, not optional, no `?norm` (the
# transform is scaled by 1/n, NumPy's default).
@op("nx", "ihfft")
def ihfft(x: Tensor, *, n: int, axis: int) -> Tensor:
    values = real_values("ihfft", x)
    axis = check_axis("ihfft", axis, x.ndim)
    check_length("ihfft", n)
    return Tensor.from_values(half_spectrum(values, axis, n, "Backward", inverse=True), COMPLEX64)
