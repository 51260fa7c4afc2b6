"""col2im: columns of windows summed back into a tensor (nx.txt, "Convolution and
Pooling").

`col2im ~output_size ~kernel_size ~stride ~dilation ~padding t` is the adjoint of
`im2col`: `t` is `[batch; channels · ∏kernel_size; number of windows]` in `im2col`'s
layout for an input of spatial size `output_size` padded by `padding`; every entry is
added at the input position its window's tap reads, so that overlapping windows sum
("Overlapping regions are summed"), and entries that fall in the padding are dropped.
The result is `[batch; channels; output_size…]`, computed wide and rounded once
(integers wrap; bool sums are stored as `x ≠ 0`).
"""

from collections.abc import Sequence
from math import prod

from reference.errors import require
from reference.nx._cores import windows
from reference.nx.convolution._common import explicit_axes
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "col2im")
def col2im(t: Tensor, *, output_size: Sequence[int], kernel_size: Sequence[int],
           stride: Sequence[int], dilation: Sequence[int],
           padding: Sequence[tuple[int, int]]) -> Tensor:
    function = "col2im"
    require(t.ndim == 3, function,
            f"the input has shape {list(t.shape)}; it must be [batch; channels · "
            f"kernel size; number of windows] (3 dimensions)")
    require(all(size >= 0 for size in output_size), function,
            f"~output_size {list(output_size)}: sizes must be >= 0")
    axes = explicit_axes(function, tuple(output_size), kernel_size, stride, dilation, padding)
    taps, count = prod(a.kernel for a in axes), prod(a.count for a in axes)
    require(t.shape[1] % taps == 0, function,
            f"{t.shape[1]} rows is not a multiple of the kernel size {list(kernel_size)} "
            f"({taps} taps per channel)")
    require(t.shape[2] == count, function,
            f"{t.shape[2]} columns, but an output of {list(output_size)} with these "
            f"parameters has {count} windows")
    return Tensor.from_values(windows.col2im(wide(t), axes, t.shape[1] // taps), t.dtype)
