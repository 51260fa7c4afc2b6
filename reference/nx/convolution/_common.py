"""What the Convolution and Pooling ops share (nx.txt, "Convolution and Pooling"):
reading their per-axis arguments, checking shapes, and the computations the documented
functions are made of — grouped correlation (`convolution`), window reductions
(`extreme_pool`, `average_pool`) and putting pooled values back (`unpool`). The numeric
machinery (padding modes, im2col, window masks) is `reference/nx/_cores/windows.py`.

Layout (documented): inputs are `[batch; channels; spatial…]`, weights
`[channels_out; channels_in / groups; kernel…]`. The 1-D ops take an `int` per
argument, the 2-D ops an `int * int` pair (height, width); both are read as one value
per spatial axis.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import prod

import numpy as np

from reference.dtypes import INT32, DType, finite_max, has_infinity
from reference.elements import element
from reference.errors import invalid, require
from reference.nx._cores import windows
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.elementwise import wide as exact_values
from reference.nx._cores.windows import MODES, Axis
from reference.nx.linalg._common import wide as product_values
from reference.tensor import Tensor

SPATIAL_NAMES = {1: "width", 2: "height; width"}


def per_axis(
    function: str, label: str, value: int | Sequence[int], rank: int, low: int | None
) -> tuple[int, ...]:
    """An argument given once per spatial axis (an `int` for 1-D ops), each at least
    `low` (`None`: any int but 0), as a tuple of `rank` ints."""
    values = (value,) if isinstance(value, int) else tuple(value)
    require(
        len(values) == rank,
        function,
        f"~{label} has {len(values)} entries ({list(values)}); it needs one per spatial "
        f"axis ({rank})",
    )
    for v in values:
        if low is None:
            require(v != 0, function, f"~{label} {list(values)}: every entry must be non-zero")
        else:
            require(v >= low, function, f"~{label} {list(values)}: every entry must be >= {low}")
    return values


# Note: R187 — the documentation gives no range for strides, dilations and im2col paddings.
# Its formulas ("spacing between kernel elements", the window count "(width -
# dilation*(kernel-1) - 1)/stride + 1", nx.txt:2338, nx.txt:2341) still compute something
# for a dilation of 0, a negative stride or a negative padding, and the cases accept that or
# a refusal. The reference applies them as written (as Nx 1.0.0~alpha1 does): a dilation of
# 0 puts every tap of a window on one position; a negative stride gives that count, rounded
# toward zero (at most one window, starting at the first position, or none; a negative
# count raises); a negative padding crops the input. A stride or kernel size of 0 makes the
# documented count divide by zero and raises (Nx: Division_by_zero, which the cases accept
# with the other kinds).
STRIDE, DILATION = None, 0


def check_layout(function: str, t: Tensor, rank: int, what: str = "input") -> None:
    """`t` is `[batch; channels; spatial…]` with `rank` spatial axes."""
    names = SPATIAL_NAMES.get(rank, f"{rank} spatial axes")
    require(
        t.ndim == rank + 2,
        function,
        f"the {what} has shape {list(t.shape)}; it must have {rank + 2} dimensions "
        f"[batch; channels; {names}]",
    )


def check_mode(function: str, mode: str) -> str:
    require(mode in MODES, function, f"padding mode {mode!r}: expected one of {list(MODES)}")
    return mode


def fitted(function: str, axis: Axis) -> Axis:
    """`axis`, unless a non-empty input holds no window (an input shorter than the
    dilated kernel with no padding to make up for it), or a negative stride gives a
    negative number of windows."""
    require(
        axis.count >= 0,
        function,
        f"stride {axis.stride} over {axis.size} positions gives {axis.count} windows",
    )
    if axis.count == 0 and axis.size > 0 and axis.stride > 0:
        raise invalid(
            function,
            f"the dilated kernel spans {axis.span} positions, more than "
            f"the {axis.before + axis.size + axis.after} of the padded "
            f"input (size {axis.size}): no window fits",
        )
    return axis


def explicit_axes(
    function: str,
    sizes: Sequence[int],
    kernel_size: Sequence[int],
    stride: Sequence[int],
    dilation: Sequence[int],
    padding: Sequence[tuple[int, int]],
) -> list[Axis]:
    """The axes of `im2col` / `col2im`: every argument given per spatial axis, the
    padding as (before, after) pairs."""
    rank = len(sizes)
    kernel = per_axis(function, "kernel_size", kernel_size, rank, 1)
    stride = per_axis(function, "stride", stride, rank, STRIDE)
    dilation = per_axis(function, "dilation", dilation, rank, DILATION)
    require(
        len(padding) == rank,
        function,
        f"~padding has {len(padding)} pairs; it needs one per spatial axis ({rank})",
    )
    return [
        fitted(function, windows.plan(size, k, s, d, before, after))
        for size, k, s, d, (before, after) in zip(
            sizes, kernel, stride, dilation, padding, strict=True
        )
    ]


# --- Correlation and convolution ------------------------------------------------------


def convolution(
    function: str,
    x: Tensor,
    w: Tensor,
    *,
    rank: int,
    flip: bool,
    groups: int,
    stride,
    padding_mode: str,
    dilation,
    fillvalue,
    bias: Tensor | None,
) -> Tensor:
    """`correlate*` (flip false) and `convolve*` (flip true): the grouped correlation of
    `x` with `w`, or with `w` flipped on every spatial axis, plus `bias` per output
    channel, computed wide and rounded once."""
    dtype = same_dtype(function, x, w, *([] if bias is None else [bias]))
    if not flip:
        require(
            dtype.is_float,
            function,
            f"{dtype.name} tensors: correlation takes (float, 'a) t (float dtypes)",
        )
    check_layout(function, x, rank)
    check_layout(function, w, rank, "weights")
    channels, (out_channels, group_channels) = x.shape[1], w.shape[:2]
    require(groups >= 1, function, f"~groups {groups}: must be >= 1")
    require(
        channels % groups == 0 and out_channels % groups == 0,
        function,
        f"~groups {groups} must divide the input channels ({channels}) and the output "
        f"channels ({out_channels})",
    )
    require(
        group_channels * groups == channels,
        function,
        f"weights of shape {list(w.shape)} take {group_channels} channels per group, "
        f"the input has {channels} in {groups} group(s) (input shape {list(x.shape)})",
    )
    if bias is not None:
        require(
            bias.shape == (out_channels,),
            function,
            f"bias of shape {list(bias.shape)}: it must be [{out_channels}] (one value "
            f"per output channel)",
        )
    kernel = w.shape[2:]
    require(
        min(kernel) >= 1,
        function,
        f"weights of shape {list(w.shape)}: every kernel size must be >= 1",
    )
    stride = per_axis(function, "stride", stride, rank, STRIDE)
    dilation = per_axis(function, "dilation", dilation, rank, DILATION)
    mode = check_mode(function, padding_mode)
    axes = []
    for size, k, s, d in zip(x.shape[2:], kernel, stride, dilation, strict=True):
        # Note: R188 — with an odd total padding in `Same`, correlate* puts the extra position
        # after the input ("pads more on bottom/right", nx.txt:2370) and convolve* before for
        # even kernels ("For `Same` with even kernels, pads more on left", nx.txt:2388), as
        # documented; for an odd kernel (an odd total from the stride) the documentation is
        # silent and the cases accept either side: the reference puts it after, as Nx
        # 1.0.0~alpha1 does. The padding is the least that fits ceil(size / stride)
        # windows (TensorFlow's "SAME"), which the documented size "width/stride (rounded
        # up)" implies but does not spell out.
        extra_before = flip and k % 2 == 0
        before, after = windows.mode_padding(mode, size, k, s, d, extra_before=extra_before)
        axes.append(fitted(function, windows.plan(size, k, s, d, before, after)))
    # Note: R21 — the padding value is an element of the padded input, so it is first stored
    # in the input's dtype (0.1 pads a float16 input with 0.0999755859375).
    fill = product_values(
        Tensor.from_values(
            np.asarray(element(function, dtype, 0 if fillvalue is None else fillvalue)), dtype
        )
    )
    # Note: R190 — convolve* takes ('a, 'b) t: integers are exact and wrap modulo 2^bits, bool
    # sums 0/1 products and stores x != 0, complex does not conjugate (NumPy's convolve
    # and products, READINGS R3; Linear Algebra reads bool products the same
    # way).
    weights = product_values(w)
    if flip:
        weights = weights[(..., *(slice(None, None, -1),) * rank)]
    with np.errstate(all="ignore"):
        result = windows.correlate(product_values(x), weights, axes, groups, fill[()])
        if bias is not None:
            result = result + product_values(bias).reshape(out_channels, *(1,) * rank)
    return Tensor.from_values(result, dtype)


# --- Pooling --------------------------------------------------------------------------


def pool_axes(
    function: str,
    x: Tensor,
    rank: int,
    kernel_size,
    stride,
    dilation,
    padding_spec: str,
    ceil_mode: bool,
) -> list[Axis]:
    """The windows of a pooling: `stride` defaults to the kernel size (documented)."""
    check_layout(function, x, rank)
    kernel = per_axis(function, "kernel_size", kernel_size, rank, 1)
    stride = kernel if stride is None else per_axis(function, "stride", stride, rank, STRIDE)
    dilation = per_axis(function, "dilation", dilation, rank, DILATION)
    mode = check_mode(function, padding_spec)
    axes = []
    for size, k, s, d in zip(x.shape[2:], kernel, stride, dilation, strict=True):
        before, after = pool_padding(mode, size, k, s, d)
        axes.append(fitted(function, windows.plan(size, k, s, d, before, after, ceil_mode)))
    return axes


def pool_padding(mode: str, size: int, kernel: int, stride: int, dilation: int) -> tuple[int, int]:
    """The (before, after) padding of a pooling window in `mode`."""
    # Note: R196 — "padding_spec: same as convolution padding modes" (nx.txt:2426) does not say
    # on which side an odd `Same` padding puts its extra position: after the input as
    # correlate* does (a pooling window slides without a flip), or as convolve* does. The
    # cases accept either; the reference takes convolve*'s side, as Nx 1.0.0~alpha1 does:
    # before the input for an even kernel, after it for an odd one.
    return windows.mode_padding(mode, size, kernel, stride, dilation, extra_before=kernel % 2 == 0)


def bound(dtype: DType, largest: bool):
    """The least value of `dtype` (`largest`), or its greatest: what a padding position
    holds in a maximum (minimum), so that it never wins."""
    if dtype.is_integer:
        return dtype.low if largest else dtype.high
    if dtype.is_bool:
        return not largest
    top = math.inf if has_infinity(dtype) else finite_max(dtype)
    value = -top if largest else top
    return complex(value, value) if dtype.is_complex else value


def extreme_pool(
    function: str,
    x: Tensor,
    *,
    rank: int,
    largest: bool,
    return_indices: bool,
    kernel_size,
    stride,
    dilation,
    padding_spec: str,
    ceil_mode: bool,
) -> tuple[Tensor, Tensor | None]:
    """Max (`largest`) or min pooling, with the int32 position of each maximum within its
    window when asked (max pooling only: min pooling documents `None`)."""
    axes = pool_axes(function, x, rank, kernel_size, stride, dilation, padding_spec, ceil_mode)
    # Note: R193 — the documentation does not say what the padding of a max or min pool holds;
    # max pooling takes the maximum of the window's elements and returns "indices of max
    # values for unpooling" (nx.txt:2465). Padding never wins: padding taps (and the taps
    # past the padded input that ceil mode reads) take the reduction's identity, the
    # dtype's least (greatest) value, -inf (+inf) for floats, as PyTorch and tinygrad pad
    # a max pool. A window of padding only gives that identity, index 0. (Nx 1.0.0~alpha1
    # pads with zeros, which win over negative elements: an upstream finding.)
    with np.errstate(all="ignore"):
        result, position = windows.extreme(
            exact_values(x), axes, largest, bound(x.dtype, largest)
        )
    indices = Tensor.from_values(position, INT32) if largest and return_indices else None
    return Tensor.from_values(result, x.dtype), indices


def average_pool(
    function: str,
    x: Tensor,
    *,
    rank: int,
    count_include_pad: bool,
    kernel_size,
    stride,
    dilation,
    padding_spec: str,
    ceil_mode: bool,
) -> Tensor:
    """Average pooling of a float tensor, computed in float64 and rounded once."""
    require(
        x.dtype.is_float,
        function,
        f"{x.dtype.name} tensors: average pooling takes (float, 'a) t (float dtypes)",
    )
    axes = pool_axes(function, x, rank, kernel_size, stride, dilation, padding_spec, ceil_mode)
    # Documented: "count_include_pad: include padding in average (default true)" (nx.txt:2427),
    # in ceil mode too (Nx 1.0.0~alpha1 leaves the padding out in ceil mode: an upstream
    # finding). Note: R195 — the taps past the padded input that ceil mode adds are not
    # padding and never count (PyTorch's rule).
    with np.errstate(all="ignore"):
        result = windows.average(exact_values(x), axes, count_include_pad)
    return Tensor.from_values(result, x.dtype)


# --- Unpooling ------------------------------------------------------------------------


def unpool(
    function: str,
    indices: Tensor,
    values: Tensor,
    *,
    rank: int,
    kernel_size,
    stride,
    dilation,
    padding_spec: str,
    output_size_opt: Sequence[int] | None,
) -> Tensor:
    """`max_unpool*`: a zero tensor of the input's size, of `values`' dtype, with each
    pooled value put back where its window's tap `indices` (row-major within the window,
    as `max_pool* ~return_indices:true` gives it) read it."""
    check_layout(function, values, rank, "values")
    require(
        indices.shape == values.shape,
        function,
        f"indices of shape {list(indices.shape)} and values of shape "
        f"{list(values.shape)}: they must have one shape",
    )
    # Note: R198 — the documented `(int, uint8_elt) t` of the indices is a documentation error
    # (ERRATA nx.max_unpool1d): max pooling returns int32 indices. Any integer dtype is
    # taken; the positions are their values.
    require(
        indices.dtype.is_integer,
        function,
        f"{indices.dtype.name} indices: they must have an integer dtype",
    )
    kernel = per_axis(function, "kernel_size", kernel_size, rank, 1)
    stride = kernel if stride is None else per_axis(function, "stride", stride, rank, 1)
    dilation = per_axis(function, "dilation", dilation, rank, 1)
    mode = check_mode(function, padding_spec)
    counts = values.shape[2:]
    sizes = output_sizes(function, values, output_size_opt, counts, kernel, stride, dilation, mode)
    axes = []
    for size, k, s, d, count in zip(sizes, kernel, stride, dilation, counts, strict=True):
        before, after = pool_padding(mode, size, k, s, d)
        axes.append(Axis(size, k, s, d, before, after, count))
    taps = indices.array().astype(np.int64)
    require(
        bool(np.all((taps >= 0) & (taps < prod(kernel)))),
        function,
        f"indices must lie in [0, {prod(kernel)}) (positions within a window of {list(kernel)})",
    )
    tap = np.unravel_index(taps, kernel)
    targets = []
    for i, axis in enumerate(axes):
        window = np.arange(axis.count).reshape((axis.count,) + (1,) * (rank - 1 - i))
        target = window * axis.stride + tap[i] * axis.dilation - axis.before
        require(
            bool(np.all((target >= 0) & (target < axis.size))),
            function,
            f"an index points outside the output (spatial size {list(sizes)}) on axis {i + 2}",
        )
        targets.append(target)
    batch, channels = values.shape[:2]
    shape = (batch, channels, *sizes)
    n = np.arange(batch).reshape((batch,) + (1,) * (rank + 1))
    c = np.arange(channels).reshape((channels,) + (1,) * rank)
    where = np.ravel_multi_index(np.broadcast_arrays(n, c, *targets), shape).reshape(-1)
    # Overlapping windows may put two values on one position: the last window (row-major)
    # wins, found with an unbuffered maximum of window numbers (NumPy's fancy assignment
    # does not promise an order for repeated positions).
    last = np.full(prod(shape), -1, dtype=np.int64)
    np.maximum.at(last, where, np.arange(where.size))
    out = np.zeros(prod(shape), dtype=values.buffer.dtype)
    placed = last >= 0
    out[placed] = values.array().reshape(-1)[last[placed]]
    return Tensor.from_values(out.reshape(shape), values.dtype)


def output_sizes(
    function: str,
    values: Tensor,
    output_size_opt: Sequence[int] | None,
    counts: Sequence[int],
    kernel,
    stride,
    dilation,
    mode: str,
) -> tuple[int, ...]:
    """The spatial size of the unpooled tensor: given (the spatial sizes, or the whole
    shape), or the input size whose pooling gives `counts` windows."""
    rank = len(counts)
    if output_size_opt is not None:
        given = tuple(output_size_opt)
        # Note: R198 — "exact output shape" may be read as the whole shape or as its spatial
        # part; both are taken (PyTorch's `max_unpool` `output_size` does the same).
        if len(given) == rank + 2:
            require(
                given[:2] == values.shape[:2],
                function,
                f"~output_size_opt {list(given)}: batch and channels must be those of "
                f"the values {list(values.shape[:2])}",
            )
            given = given[2:]
        require(
            len(given) == rank,
            function,
            f"~output_size_opt {list(given)}: give the {rank} spatial sizes or the "
            f"{rank + 2} dimensions of the output",
        )
        require(
            all(size >= 0 for size in given),
            function,
            f"~output_size_opt {list(given)}: sizes must be >= 0",
        )
        return given
    sizes = []
    for count, k, s, d in zip(counts, kernel, stride, dilation, strict=True):
        if mode == "Same":
            # Note: R198 — `Same` pooling gives ceil(size / stride) windows, so several sizes give
            # `count`; the largest, count · stride, is taken (the input size itself at
            # stride 1).
            sizes.append(count * s)
        else:  # `Valid` and `Full` padding does not depend on the size
            before, after = pool_padding(mode, 0, k, s, d)
            sizes.append((count - 1) * s + windows.span(k, d) - before - after if count else 0)
    require(
        all(size >= 0 for size in sizes),
        function,
        f"no input size gives {list(counts)} windows with these parameters: pass ~output_size_opt",
    )
    return tuple(sizes)
