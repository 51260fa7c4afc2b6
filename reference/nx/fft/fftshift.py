"""fftshift: move the zero frequency to the centre (nx.txt, "FFT").

`fftshift ?axes x` rolls each of `axes` (default: all, documented) forward by half its
size, rounded down: element i moves to (i + size/2) mod size, so that `fft`'s order
0, 1, ..., -2, -1 becomes -n/2, ..., -1, 0, 1, ... (the documented example:
`fftshift (fftfreq 5)` = [-0.4, -0.2, 0, 0.2, 0.4]). Any dtype; a new tensor (NumPy's
`fft.fftshift`).
"""

from reference.nx.fft._shift import shifted
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fftshift")
def fftshift(x: Tensor, *, axes=None) -> Tensor:
    return shifted("fftshift", x, axes, direction=1)
