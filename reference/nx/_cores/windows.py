"""Sliding windows over the spatial axes of `[N; C; spatial…]` arrays: the padding-mode
arithmetic, patch extraction (im2col), its adjoint (col2im), and the window masks that
pooling reduces with.

Geometry (one `Axis` per spatial axis). The input of length `size` is padded with
`before` and `after` positions; a window of `kernel` taps spaced `dilation` apart spans
`dilation·(kernel − 1) + 1` positions; window o starts at padded position `o·stride`,
so its tap j reads input position `o·stride + j·dilation − before` (outside [0, size):
padding). The padding a mode asks for (nx.txt, "Convolution and Pooling"):

- `Valid`: none; the windows are those that fit, `(size − span) / stride + 1` of them.
- `Full`: `span − 1` on each side (every overlap of window and input),
  `(size + span − 2) / stride + 1` windows.
- `Same`: `ceil(size / stride)` windows; the padding is the least that makes them fit,
  `total = max(0, (count − 1)·stride + span − size)`, split in halves; an odd total puts
  the extra position after the input or before it, as the caller says.

A negative padding crops the input; a negative stride gives (room / stride) + 1 windows
rounded toward zero (at most one); a dilation of 0 puts every tap on one position (the
callers' notes say where these readings come from).

Patch extraction is im2col (K. Chellapilla, S. Puri, P. Simard, "High Performance
Convolutional Neural Networks for Document Processing", IWFHR 2006): every window is
laid out as a column, so that a convolution becomes one matrix product of the weights
with the columns. The windows are a strided view of the padded input (no copy, no loop
per output position); the columns are its one copy. col2im adds each column back at the
positions its taps read, one strided slice per kernel tap: overlapping windows sum.

Inputs are the wide NumPy arrays of the reference (float64, complex128, int64, bool);
nothing here rounds: the caller stores the result once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
from numpy.lib.stride_tricks import as_strided

from reference.nx._cores.matmul import matmul

MODES = ("Valid", "Same", "Full")


def span(kernel: int, dilation: int) -> int:
    """Positions covered by a window of `kernel` taps, `dilation` apart."""
    return dilation * (kernel - 1) + 1


@dataclass(frozen=True)
class Axis:
    """One spatial axis: the input length, the window and its padding, and how many
    windows there are (`count`, which may leave padding unread or, in ceil mode, run
    windows past the padded input)."""

    size: int
    kernel: int
    stride: int
    dilation: int
    before: int
    after: int
    count: int

    @property
    def span(self) -> int:
        return span(self.kernel, self.dilation)

    @property
    def extent(self) -> int:
        """Positions the windows touch, padding included (beyond it in ceil mode)."""
        reach = (self.count - 1) * self.stride + self.span if self.count else 0
        return max(self.before + self.size + self.after, reach, 0)

    def positions(self) -> np.ndarray:
        """(count, kernel): the input position each tap of each window reads."""
        starts = np.arange(self.count)[:, np.newaxis] * self.stride
        return starts + np.arange(self.kernel)[np.newaxis, :] * self.dilation - self.before


def plan(
    size: int,
    kernel: int,
    stride: int,
    dilation: int,
    before: int,
    after: int,
    ceil_mode: bool = False,
) -> Axis:
    """The axis of an input of `size` with this padding: as many windows as fit in the
    padded input (0 if none does), or in ceil mode as many as start inside it, rounding
    up, except that a last window starting past the input and its padding before is
    dropped (PyTorch's rule)."""
    room = before + size + after - span(kernel, dilation)
    if room < 0:
        count = 0
    elif stride < 0:
        count = 1 - room // -stride  # (room / stride) rounded toward zero, plus one
    elif ceil_mode:
        count = -(-room // stride) + 1
        if (count - 1) * stride >= size + before:
            count -= 1
    else:
        count = room // stride + 1
    return Axis(size, kernel, stride, dilation, before, after, count)


def mode_padding(
    mode: str, size: int, kernel: int, stride: int, dilation: int, extra_before: bool
) -> tuple[int, int]:
    """The (before, after) padding of `mode` (see the module docstring)."""
    width = span(kernel, dilation)
    if mode == "Valid":
        return 0, 0
    if mode == "Full":
        return width - 1, width - 1
    count = -(-size // stride)
    total = max(0, (count - 1) * stride + width - size)
    small, large = total // 2, total - total // 2
    return (large, small) if extra_before else (small, large)


def kept(axis: Axis) -> tuple[slice, slice]:
    """Where the input's kept part (all of it, but what a negative padding crops) lies:
    its slice in the input and its slice in the padded array."""
    first, last = max(0, -axis.before), axis.size - max(0, -axis.after)
    last = max(first, last)
    start = max(0, axis.before)
    return slice(first, last), slice(start, start + last - first)


def padded(values: np.ndarray, axes: Sequence[Axis], fill) -> np.ndarray:
    """`values` (N, C, size…) inside a `fill`-valued array of the axes' extents."""
    out = np.full((*values.shape[:2], *(a.extent for a in axes)), fill, dtype=values.dtype)
    parts = [kept(a) for a in axes]
    out[(..., *(place for _, place in parts))] = values[(..., *(part for part, _ in parts))]
    return out


def windows(values: np.ndarray, axes: Sequence[Axis], fill) -> np.ndarray:
    """The windows of `values` (N, C, size…) padded with `fill`, as a read-only strided
    view (N, C, count…, kernel…): element [n, c, o…, j…] is the padded input at
    o·stride + j·dilation on each axis."""
    source = padded(values, axes, fill)
    lead, spatial = source.strides[:2], source.strides[2:]
    return as_strided(
        source,
        shape=(*source.shape[:2], *(a.count for a in axes), *(a.kernel for a in axes)),
        strides=(
            *lead,
            *(s * a.stride for s, a in zip(spatial, axes, strict=True)),
            *(s * a.dilation for s, a in zip(spatial, axes, strict=True)),
        ),
        writeable=False,
    )


def im2col(values: np.ndarray, axes: Sequence[Axis], fill) -> np.ndarray:
    """The columns (N, C·K, L) of `values` (N, C, size…): row c·K + j for channel c and
    kernel tap j (taps row-major), column l for window l (windows row-major);
    K = ∏ kernel, L = ∏ count."""
    n, channels = values.shape[:2]
    rank = len(axes)
    patches = windows(values, axes, fill)
    # (N, C, count…, kernel…) -> (N, C, kernel…, count…): the one copy of the input.
    order = (0, 1, *range(2 + rank, 2 + 2 * rank), *range(2, 2 + rank))
    return patches.transpose(order).reshape(
        n, channels * prod(a.kernel for a in axes), prod(a.count for a in axes)
    )


def col2im(columns: np.ndarray, axes: Sequence[Axis], channels: int) -> np.ndarray:
    """The adjoint of `im2col`: (N, C·K, L) -> (N, C, size…). Each column's entry for
    tap j of window o is added at the input position that tap reads; the positions in
    the padding are dropped."""
    n = columns.shape[0]
    blocks = columns.reshape(n, channels, *(a.kernel for a in axes), *(a.count for a in axes))
    out = np.zeros((n, channels, *(a.extent for a in axes)), dtype=columns.dtype)
    for tap in np.ndindex(*(a.kernel for a in axes)):
        # Tap j of the windows reads positions j·dilation + o·stride, o = 0 … count − 1.
        reads = tuple(
            slice(
                j * a.dilation,
                j * a.dilation + max(a.count - 1, 0) * a.stride + 1,
                max(a.stride, 1),
            )
            for j, a in zip(tap, axes, strict=True)
        )
        out[(..., *reads)] += blocks[(slice(None), slice(None), *tap)]
    result = np.zeros((n, channels, *(a.size for a in axes)), dtype=columns.dtype)
    parts = [kept(a) for a in axes]
    result[(..., *(part for part, _ in parts))] = out[(..., *(place for _, place in parts))]
    return result


def correlate(
    values: np.ndarray, weights: np.ndarray, axes: Sequence[Axis], groups: int, fill
) -> np.ndarray:
    """Grouped cross-correlation: (N, C_in, size…) with (C_out, C_in/groups, kernel…)
    gives (N, C_out, count…), out[n, o, p…] = Σ_c Σ_j x_padded[n, g·C_g + c, p·stride +
    j·dilation] · w[o, c, j] for o in group g. One matrix product per group: the
    weights (C_out/groups, C_g·K) times that group's im2col columns (C_g·K, L)."""
    n = values.shape[0]
    out_channels = weights.shape[0]
    columns = im2col(values, axes, fill)
    columns = columns.reshape(n, groups, columns.shape[1] // groups, columns.shape[2])
    kernels = weights.reshape(groups, out_channels // groups, columns.shape[2])
    product = matmul(kernels, columns)  # (N, groups, C_out/groups, L)
    return product.reshape(n, out_channels, *(a.count for a in axes))


def tap_masks(axes: Sequence[Axis]) -> tuple[np.ndarray, np.ndarray]:
    """Two boolean arrays (count…, K), the taps of each window row-major: the taps that
    read an input element, and the taps that read padding. A tap in neither ran past the
    padded input (ceil mode)."""
    rank = len(axes)
    inside = in_padded = np.ones((1,) * 2 * rank, dtype=bool)
    for i, axis in enumerate(axes):
        where = axis.positions()
        shape = [1] * 2 * rank
        shape[i], shape[rank + i] = axis.count, axis.kernel
        inside = inside & ((where >= 0) & (where < axis.size)).reshape(shape)
        in_padded = in_padded & (
            (where >= -axis.before) & (where < axis.size + axis.after)
        ).reshape(shape)
    counts, kernels = tuple(a.count for a in axes), tuple(a.kernel for a in axes)
    flat = (*counts, prod(kernels))
    inside = np.broadcast_to(inside, counts + kernels).reshape(flat)
    in_padded = np.broadcast_to(in_padded, counts + kernels).reshape(flat)
    return inside, in_padded & ~inside


def window_taps(values: np.ndarray, axes: Sequence[Axis]) -> np.ndarray:
    """The taps of every window of `values` (N, C, size…): (N, C, count…, K), a copy;
    the entries outside the input are 0 (`tap_masks` says which they are)."""
    patches = windows(values, axes, np.zeros((), dtype=values.dtype))
    return patches.reshape(*patches.shape[: 2 + len(axes)], prod(a.kernel for a in axes))


def extreme(
    values: np.ndarray, axes: Sequence[Axis], largest: bool, identity
) -> tuple[np.ndarray, np.ndarray]:
    """The maximum (or minimum) of each window over the taps that read an input element,
    and the position of its first occurrence among the window's taps (row-major).

    NaN propagates and its first occurrence wins (NumPy's `maximum`, `argmax`). Padding
    never wins, nor do the taps past the padded input that ceil mode reads: those taps
    take `identity` (no greater than any element for a maximum), and the position is that
    of the first *input* tap equal to the result. A window with no input tap gives
    `identity` and position 0.
    """
    taps = window_taps(values, axes)
    inside, _ = tap_masks(axes)
    combine = np.maximum if largest else np.minimum
    result = combine.reduce(np.where(inside, taps, identity), axis=-1)
    best = result[..., np.newaxis]
    equal = taps == best
    if taps.dtype.kind in "fc":
        equal |= np.isnan(taps) & np.isnan(best)
    return result, np.argmax(equal & inside, axis=-1)


def average(values: np.ndarray, axes: Sequence[Axis], count_padding: bool) -> np.ndarray:
    """The mean of each window: the sum of its input taps divided by their number, plus
    the number of its padding taps when `count_padding` (the padding adds 0 to the sum).
    Taps past the padded input (ceil mode) never count. A window with nothing to count
    divides 0 by 0 (NaN)."""
    taps = window_taps(values, axes)
    inside, padding = tap_masks(axes)
    counted = inside.sum(axis=-1) + (padding.sum(axis=-1) if count_padding else 0)
    return np.add.reduce(taps, axis=-1) / counted
