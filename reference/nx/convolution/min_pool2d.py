"""min_pool2d: 2-D min pooling (nx.txt, "Convolution and Pooling").

`min_pool2d ~kernel_size ?stride ?dilation ?padding_spec ?ceil_mode ?return_indices x`:
windows as `avg_pool2d`, values as `min_pool1d` (the smallest element of each window,
padding never winning, NaN propagating); the indices are always `None` (documented).
"""

from reference.nx.convolution._common import extreme_pool
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "min_pool2d")
def min_pool2d(x: Tensor, *, kernel_size: tuple[int, int], stride: tuple[int, int] | None = None,
               dilation: tuple[int, int] = (1, 1), padding_spec: str = "Valid",
               ceil_mode: bool = False, return_indices: bool = False) -> tuple[Tensor, None]:
    return extreme_pool("min_pool2d", x, rank=2, largest=False, return_indices=return_indices,
                        kernel_size=kernel_size, stride=stride, dilation=dilation,
                        padding_spec=padding_spec, ceil_mode=ceil_mode)
