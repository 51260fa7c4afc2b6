"""hfft: the transform of a Hermitian signal, a real spectrum (nx.txt, "FFT").

`hfft x ~n ~axis` reads the input along `axis` as the values 0 .. n/2 of a signal of `n`
points with Hermitian symmetry (documented: "Interprets input as positive frequencies of
Hermitian signal"), x_{n-j} = conj(x_j), and returns its forward transform, which is
real: `hfft` is `irfft` with the signs of the exponents and the scaling swapped
(NumPy: `hfft(a, n) = n · irfft(conj(a), n)`; no scaling, as the forward transform under
the default `` `Backward `` norm). The input is truncated or zero-padded to n/2 + 1
points; 0 points give an empty result (READINGS R171). Any complex dtype in, float64
out (its type, nx.mli:2958; see `_common.py`).
NumPy's `fft.hfft`.
"""

from reference.dtypes import FLOAT64
from reference.errors import check_axis
from reference.nx.fft._common import check_length, hermitian_transform, hermitian_values
from reference.registry import op
from reference.tensor import Tensor


# Note: R175 — the documentation writes `hfft x ~n ~axis`: `n` and `axis` are labelled and not
# optional, and there is no `?norm` (the transform is unscaled, NumPy's default).
@op("nx", "hfft")
def hfft(x: Tensor, *, n: int, axis: int) -> Tensor:
    values = hermitian_values("hfft", x)
    axis = check_axis("hfft", axis, x.ndim)
    check_length("hfft", n, low=0)
    result = hermitian_transform(values, axis, n, "Backward", inverse=False)
    return Tensor.from_values(result, FLOAT64)
