"""ifftshift: undo `fftshift` (nx.txt, "FFT").

`ifftshift ?axes x` rolls each of `axes` (default: all) backward by half its size,
rounded down, so that `ifftshift (fftshift x)` = x for every size (the two differ for
odd sizes). Any dtype; a new tensor (NumPy's `fft.ifftshift`).
"""

from reference.nx.fft._shift import shifted
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "ifftshift")
def ifftshift(x: Tensor, *, axes=None) -> Tensor:
    return shifted("ifftshift", x, axes, direction=-1)
