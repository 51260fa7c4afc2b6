"""avg_pool1d: 1-D average pooling (nx.txt, "Convolution and Pooling").

`avg_pool1d ~kernel_size ?stride ?dilation ?padding_spec ?ceil_mode ?count_include_pad
x`: `x` is `[batch; channels; width]`; each output is the mean of a window of
`kernel_size` taps `dilation` apart (default 1), windows `stride` apart (default:
`kernel_size`). `padding_spec` is a convolution padding mode (default `Valid`); the
padding adds nothing to the sum and counts in the divisor only when `count_include_pad`
(default true). `ceil_mode` (default false) rounds the number of windows up: a last
window may run past the padded input (its taps there never count), but not start there.
Float dtypes only, computed in float64 and rounded once.
"""

from reference.nx.convolution._common import average_pool
from reference.registry import op
from reference.tensor import Tensor


# Note: R195 — in ceil mode the taps past the padded input do not count in the divisor even
# with count_include_pad (they are not padding), and a window may not start past the
# input and its padding before: PyTorch's rules, where ceil_mode and count_include_pad
# come from (READINGS R3; the documentation is silent).
@op("nx", "avg_pool1d")
def avg_pool1d(x: Tensor, *, kernel_size: int, stride: int | None = None, dilation: int = 1,
               padding_spec: str = "Valid", ceil_mode: bool = False,
               count_include_pad: bool = True) -> Tensor:
    return average_pool("avg_pool1d", x, rank=1, count_include_pad=count_include_pad,
                        kernel_size=kernel_size, stride=stride, dilation=dilation,
                        padding_spec=padding_spec, ceil_mode=ceil_mode)
