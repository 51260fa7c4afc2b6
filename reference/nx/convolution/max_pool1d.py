"""max_pool1d: 1-D max pooling (nx.txt, "Convolution and Pooling").

`max_pool1d ~kernel_size ?stride ?dilation ?padding_spec ?ceil_mode ?return_indices x`:
windows as `avg_pool1d`; each output is the largest element of its window (padding never
wins; NaN propagates). Returns `(values, None)`, or with `~return_indices:true`
`(values, Some indices)`: for each output, the int32 position of its maximum *within its
window* (the tap 0 … kernel_size − 1), as the worked example shows (`[1; 3; 2; 4]` with
kernel 2 gives `[1; 1]`). Ties go to the first occurrence, a NaN being the largest.
Every dtype; the values keep the input's dtype.
"""

from reference.nx.convolution._common import extreme_pool
from reference.registry import op
from reference.tensor import Tensor


# Note: R197 — the prose says "Indices are flattened positions in input"; the worked example
# prints positions within each window (ERRATA nx.max_pool1d), and max_pool2d's prose
# agrees with it: the example wins (READINGS R2). With a dilation the
# position counts kernel taps, not input steps. Ties: the first tap (NumPy's argmax,
# READINGS R130). Complex values are ordered as by `max` (lexicographically).
@op("nx", "max_pool1d")
def max_pool1d(x: Tensor, *, kernel_size: int, stride: int | None = None, dilation: int = 1,
               padding_spec: str = "Valid", ceil_mode: bool = False,
               return_indices: bool = False) -> tuple[Tensor, Tensor | None]:
    return extreme_pool("max_pool1d", x, rank=1, largest=True, return_indices=return_indices,
                        kernel_size=kernel_size, stride=stride, dilation=dilation,
                        padding_spec=padding_spec, ceil_mode=ceil_mode)
