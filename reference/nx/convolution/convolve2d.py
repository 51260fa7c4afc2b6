"""convolve2d: 2-D convolution (nx.txt, "Convolution and Pooling").

`convolve2d ?groups ?stride ?padding_mode ?dilation ?fillvalue ?bias x w` is
`correlate2d` with the kernel flipped horizontally and vertically; with an odd `Same`
padding the extra row or column goes before the input ("pads more on top/left"). Every
dtype, as `convolve1d`.
"""

from reference.nx.convolution._common import convolution
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "convolve2d")
def convolve2d(x: Tensor, w: Tensor, *, groups: int = 1, stride: tuple[int, int] = (1, 1),
               padding_mode: str = "Valid", dilation: tuple[int, int] = (1, 1),
               fillvalue=None, bias: Tensor | None = None) -> Tensor:
    return convolution("convolve2d", x, w, rank=2, flip=True, groups=groups, stride=stride,
                       padding_mode=padding_mode, dilation=dilation, fillvalue=fillvalue,
                       bias=bias)
