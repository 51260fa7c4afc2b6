"""max_unpool1d: undo a 1-D max pooling (nx.txt, "Convolution and Pooling").

`max_unpool1d indices values ~kernel_size ?stride ?dilation ?padding_spec
?output_size_opt ()`: `values` `[batch; channels; windows]` are pooled values and
`indices` (same shape) the positions of each within its window, as `max_pool1d
~return_indices:true` returns them; the pooling parameters "must match original pool"
(stride defaults to `kernel_size`). The result is zeros of the pooled input's size —
`output_size_opt`, or the width whose pooling gives that many windows — with each value
placed where its window's tap read it. It has the values' dtype.
"""

from collections.abc import Sequence

from reference.nx.convolution._common import unpool
from reference.registry import op
from reference.tensor import Tensor


# Note: R198 — the documented result type `(int, uint8_elt) t` is a documentation error: the
# result holds the values (ERRATA nx.max_unpool1d), so it has their dtype. An index
# outside [0, kernel_size) or pointing outside the output raises Invalid_argument; where
# windows overlap and two values land on one position, the later window's wins (case
# `values of overlapping windows, the later wins`).
@op("nx", "max_unpool1d")
def max_unpool1d(indices: Tensor, values: Tensor, unit: None = None, *, kernel_size: int,
                 stride: int | None = None, dilation: int = 1, padding_spec: str = "Valid",
                 output_size_opt: Sequence[int] | None = None) -> Tensor:
    return unpool("max_unpool1d", indices, values, rank=1, kernel_size=kernel_size,
                  stride=stride, dilation=dilation, padding_spec=padding_spec,
                  output_size_opt=output_size_opt)
