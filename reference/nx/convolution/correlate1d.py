"""correlate1d: 1-D cross-correlation (nx.txt, "Convolution and Pooling").

`correlate1d ?groups ?stride ?padding_mode ?dilation ?fillvalue ?bias x w`: `x` is
`[batch; channels_in; width]`, `w` is `[channels_out; channels_in / groups; kernel]`.
Output channel o of group g (the channels are split into `groups` equal groups, in
order) is the sum over the group's input channels c and kernel taps j of
`x_padded[c, p · stride + j · dilation] · w[o, c, j]` (no kernel flip), plus `bias[o]`.
`padding_mode` (default `Valid`): `Valid` pads nothing and keeps the windows that fit,
`Same` keeps ceil(width / stride) outputs, `Full` every overlap; padded positions hold
`fillvalue` (default 0). With an odd `Same` padding the extra position goes after the
input. Float dtypes only (`(float, 'a) t`), computed in float64 and rounded once.
"""

from reference.nx.convolution._common import convolution
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "correlate1d")
def correlate1d(x: Tensor, w: Tensor, *, groups: int = 1, stride: int = 1,
                padding_mode: str = "Valid", dilation: int = 1, fillvalue: float = 0.0,
                bias: Tensor | None = None) -> Tensor:
    return convolution("correlate1d", x, w, rank=1, flip=False, groups=groups, stride=stride,
                       padding_mode=padding_mode, dilation=dilation, fillvalue=fillvalue,
                       bias=bias)
