"""hfft: the transform of a Hermitian signal, a real spectrum (seed 001, "FFT").

`hfft x ~n ~axis` reads the input along `axis` as the values 0 .. n/2 of a signal of `n`
points with Hermitian symmetry (documented: "Interprets input as positive frequencies of
Hermitian signal"), x_{n-j} = conj(x_j), and returns its forward transform, which is
real: `hfft` is `irfft` with the signs of the exponents and the scaling swapped
(NumPy: `hfft(a, n) = n · irfft(conj(a), n)`; no scaling, as the forward transform under
the default `` `Backward `` norm). The input is truncated or zero-padded to n/2 + 1
points. complex16 / complex32 / complex64 input gives float16 / float32 / float64.
NumPy's `fft.hfft`; see `_common.py`.
"""

from reference.errors import check_axis
from reference.nx.fft._common import (
    REAL_OF_COMPLEX,
    check_length,
    complex_values,
    hermitian_transform,
)
from reference.registry import op
from reference.tensor import Tensor


# Note: R175 — the documentation writes `hfft x ~n ~axis`: `n` and `axis` are labelled and not
# optional, and there is no `?norm` (the transform is unscaled, NumPy's default).
@op("nx", "hfft")
def hfft(x: Tensor, *, n: int, axis: int) -> Tensor:
    values = complex_values("hfft", x)
    axis = check_axis("hfft", axis, x.ndim)
    check_length("hfft", n)
    result = hermitian_transform(values, axis, n, "Backward", inverse=False)
    return Tensor.from_values(result, REAL_OF_COMPLEX[x.dtype])
