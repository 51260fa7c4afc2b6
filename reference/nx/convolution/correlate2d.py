"""correlate2d: 2-D cross-correlation (nx.txt, "Convolution and Pooling").

`correlate2d ?groups ?stride ?padding_mode ?dilation ?fillvalue ?bias x w`: `x` is
`[batch; channels_in; height; width]`, `w` is `[channels_out; channels_in / groups;
kernel_h; kernel_w]`, `stride` and `dilation` are (height, width) pairs. As
`correlate1d` on both spatial axes: no kernel flip, groups, `bias` per output channel,
`fillvalue` padding, and with an odd `Same` padding the extra row or column goes after
the input ("pads more on bottom/right"). Float dtypes only, computed in float64 and
rounded once. (The documented Winograd F(4,3) path for 3×3 kernels is an
implementation choice with the same mathematical result.)
"""

from reference.nx.convolution._common import convolution
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "correlate2d")
def correlate2d(x: Tensor, w: Tensor, *, groups: int = 1, stride: tuple[int, int] = (1, 1),
                padding_mode: str = "Valid", dilation: tuple[int, int] = (1, 1),
                fillvalue: float = 0.0, bias: Tensor | None = None) -> Tensor:
    return convolution("correlate2d", x, w, rank=2, flip=False, groups=groups, stride=stride,
                       padding_mode=padding_mode, dilation=dilation, fillvalue=fillvalue,
                       bias=bias)
