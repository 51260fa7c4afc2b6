"""convolve1d: 1-D convolution (nx.txt, "Convolution and Pooling").

`convolve1d ?groups ?stride ?padding_mode ?dilation ?fillvalue ?bias x w` is
`correlate1d` with the kernel flipped ("flips kernel before correlation"): the same
shapes, groups, strides, dilation, `fillvalue` padding and `bias`, but with an odd
`Same` padding the extra position goes before the input ("pads more on left (NumPy
convention)"), so that stride-1 `Same` is `numpy.convolve(x, w, 'same')`. Every dtype
(`('a, 'b) t`): floats in float64 and complex in complex128, rounded once; integers
exactly, wrapping modulo 2^bits; bool as NumPy, sums of 0/1 products stored as `x ≠ 0`.
"""

from reference.nx.convolution._common import convolution
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "convolve1d")
def convolve1d(x: Tensor, w: Tensor, *, groups: int = 1, stride: int = 1,
               padding_mode: str = "Valid", dilation: int = 1, fillvalue=None,
               bias: Tensor | None = None) -> Tensor:
    return convolution("convolve1d", x, w, rank=1, flip=True, groups=groups, stride=stride,
                       padding_mode=padding_mode, dilation=dilation, fillvalue=fillvalue,
                       bias=bias)
