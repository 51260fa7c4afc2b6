"""max_pool2d: 2-D max pooling (nx.txt, "Convolution and Pooling").

`max_pool2d ~kernel_size ?stride ?dilation ?padding_spec ?ceil_mode ?return_indices x`:
windows as `avg_pool2d`, values and indices as `max_pool1d`; an index is the row-major
position of the maximum within its window, `i · kernel_w + j` ("Indices encode flattened
position within each pooling window").
"""

from reference.nx.convolution._common import extreme_pool
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "max_pool2d")
def max_pool2d(x: Tensor, *, kernel_size: tuple[int, int], stride: tuple[int, int] | None = None,
               dilation: tuple[int, int] = (1, 1), padding_spec: str = "Valid",
               ceil_mode: bool = False,
               return_indices: bool = False) -> tuple[Tensor, Tensor | None]:
    return extreme_pool("max_pool2d", x, rank=2, largest=True, return_indices=return_indices,
                        kernel_size=kernel_size, stride=stride, dilation=dilation,
                        padding_spec=padding_spec, ceil_mode=ceil_mode)
