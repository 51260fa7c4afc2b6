"""max_unpool2d: undo a 2-D max pooling (nx.txt, "Convolution and Pooling").

`max_unpool2d indices values ~kernel_size ?stride ?dilation ?padding_spec
?output_size_opt ()`: as `max_unpool1d` on both spatial axes; an index is the row-major
position `i · kernel_w + j` within its window ("Indices encode position within each
pooling window"). The result has the values' dtype.
"""

from collections.abc import Sequence

from reference.nx.convolution._common import unpool
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "max_unpool2d")
def max_unpool2d(indices: Tensor, values: Tensor, unit: None = None, *,
                 kernel_size: tuple[int, int], stride: tuple[int, int] | None = None,
                 dilation: tuple[int, int] = (1, 1), padding_spec: str = "Valid",
                 output_size_opt: Sequence[int] | None = None) -> Tensor:
    return unpool("max_unpool2d", indices, values, rank=2, kernel_size=kernel_size,
                  stride=stride, dilation=dilation, padding_spec=padding_spec,
                  output_size_opt=output_size_opt)
