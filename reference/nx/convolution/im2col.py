"""im2col: the sliding windows of a tensor as columns (nx.txt, "Convolution and Pooling").

`im2col ~kernel_size ~stride ~dilation ~padding t` takes `t` of shape
`[batch; channels; spatial…]` (one spatial axis per entry of `kernel_size`), pads each
spatial axis with (before, after) zeros, and lays out every window of `kernel_size`
taps (`dilation` apart, windows `stride` apart) as a column: the result is
`[batch; channels · ∏kernel_size; number of windows]`, row `c · K + j` holding channel
c at kernel tap j (taps row-major) and column l window l (windows row-major), as
PyTorch's `unfold`. Elements are copied, not computed: every dtype is accepted.
Algorithm: `reference/nx/_cores/windows.py` (im2col, Chellapilla, Puri & Simard 2006).
"""

from collections.abc import Sequence

from reference.nx._cores import windows
from reference.nx._cores.elementwise import wide
from reference.nx.convolution._common import check_layout, explicit_axes
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "im2col")
def im2col(t: Tensor, *, kernel_size: Sequence[int], stride: Sequence[int],
           dilation: Sequence[int], padding: Sequence[tuple[int, int]]) -> Tensor:
    # Note: R191 — the prose gives a 4-D result [batch; channels·kh·kw; patches_h; patches_w];
    # the worked example prints [|1; 4; 9|], the windows flattened into one axis. The
    # example wins (READINGS R2; ERRATA nx.im2col).
    check_layout("im2col", t, len(kernel_size))
    axes = explicit_axes("im2col", t.shape[2:], kernel_size, stride, dilation, padding)
    return Tensor.from_values(windows.im2col(wide(t), axes, 0), t.dtype)
