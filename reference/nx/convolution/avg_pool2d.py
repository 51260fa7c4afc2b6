"""avg_pool2d: 2-D average pooling (nx.txt, "Convolution and Pooling").

`avg_pool2d ~kernel_size ?stride ?dilation ?padding_spec ?ceil_mode ?count_include_pad
x`: `x` is `[batch; channels; height; width]`, `kernel_size`, `stride` (default:
`kernel_size`) and `dilation` (default (1, 1)) are (height, width) pairs. As
`avg_pool1d` on both spatial axes: the mean of each window's input elements, the
padding counted in the divisor only when `count_include_pad` (default true). Float
dtypes only, computed in float64 and rounded once.
"""

from reference.nx.convolution._common import average_pool
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "avg_pool2d")
def avg_pool2d(x: Tensor, *, kernel_size: tuple[int, int], stride: tuple[int, int] | None = None,
               dilation: tuple[int, int] = (1, 1), padding_spec: str = "Valid",
               ceil_mode: bool = False, count_include_pad: bool = True) -> Tensor:
    return average_pool("avg_pool2d", x, rank=2, count_include_pad=count_include_pad,
                        kernel_size=kernel_size, stride=stride, dilation=dilation,
                        padding_spec=padding_spec, ceil_mode=ceil_mode)
