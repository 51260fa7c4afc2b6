"""min_pool1d: 1-D min pooling (nx.txt, "Convolution and Pooling").

`min_pool1d ~kernel_size ?stride ?dilation ?padding_spec ?ceil_mode ?return_indices x`:
windows as `avg_pool1d`; each output is the smallest element of its window (padding
never wins; NaN propagates). The result is always `(values, None)`: "Index tracking not
yet implemented", even with `~return_indices:true` (documented). Every dtype.
"""

from reference.nx.convolution._common import extreme_pool
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "min_pool1d")
def min_pool1d(x: Tensor, *, kernel_size: int, stride: int | None = None, dilation: int = 1,
               padding_spec: str = "Valid", ceil_mode: bool = False,
               return_indices: bool = False) -> tuple[Tensor, None]:
    return extreme_pool("min_pool1d", x, rank=1, largest=False, return_indices=return_indices,
                        kernel_size=kernel_size, stride=stride, dilation=dilation,
                        padding_spec=padding_spec, ceil_mode=ceil_mode)
