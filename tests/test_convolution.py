"""The reference's Convolution and Pooling section (nx.txt) and its windows core
(`reference/nx/_cores/windows.py`) against independent oracles, on random shapes,
strides, dilations, groups, padding modes (odd and even kernels), fill values and
memory layouts.

Oracles:
- correlation / convolution: `scipy.signal.correlate` / `scipy.signal.convolve`
  (`method='direct'`) of every (input channel, kernel channel) pair, summed over the
  group's channels, on the input padded with `fillvalue` by span − 1 on both sides (the
  'full' result with that padding); the outputs of a mode are the entries from
  `span − 1 − before`, `stride` apart. The padding is computed here from the documented
  rules. One documented difference from SciPy: `correlate*` with an odd `Same` padding
  puts the extra position after the input, where SciPy's 'same' puts it before (ERRATA
  nx.correlate1d); the test picks the documented side, and
  `test_correlate_same_even_kernel_is_not_scipy_same` states the difference.
  `convolve*` puts it before for an even kernel (documented) and after for an odd one
  (undocumented: the cases accept either side, READINGS R188; the reference takes Nx
  1.0.0~alpha1's).
- the same contraction as a NumPy im2col (fancy indexing of the padded input) and `@`;
- im2col / col2im: loops over windows and taps;
- pooling: loops over every output position and window tap. The padding never wins a max
  or a min (READINGS R193; Nx 1.0.0~alpha1's zero padding is an upstream finding) and
  counts in an average only with count_include_pad, in ceil mode too (documented; the
  ceil-mode overhang past the padded input never counts, R195); an odd `Same` padding is
  placed as convolve* places it (the cases accept either side, R196; the reference takes
  Nx 1.0.0~alpha1's); one_hot: a loop.

Accuracy (u = 2^-53; k products per output): float64 results agree with both oracles
within 2·k·u·Σ|x·w| (each side's sum is within k·u·Σ|x·w| of the exact one); float32
results are the float64 value rounded once, within 2^-24·|oracle| plus that bound.
Measured over 300 examples per op and dtype: the float64 error is at most 0.20 of that
bound against SciPy's direct sums and 0.40 against im2col + BLAS; the float32 error at
most 0.996 of its bound (the final rounding, up to half an ulp, dominates); complex
convolutions at most 0.23 (complex64) and 0.68 (complex32) of theirs. Integer
convolutions, im2col, col2im of integers, pooling maxima and minima and unpooling are
exact; averages are within (k + 1)·u of the mean of |x| (a sum of k terms and one
division; at most 0.16 of that measured).
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
import scipy.signal
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes
from reference.errors import InvalidArgument
from reference.tensor import Tensor
from tests.strided_tensors import LAYOUTS, SETTINGS, laid_out, nx

U64 = 2.0**-53

# --- The documented geometry, written out again for the oracles ------------------------


def mode_pads(mode: str, size: int, span: int, stride: int, extra_before: bool):
    """(before, after) of a padding mode, from the documented rules."""
    if mode == "Valid":
        return 0, 0
    if mode == "Full":
        return span - 1, span - 1
    outputs = math.ceil(size / stride)
    total = max(0, (outputs - 1) * stride + span - size)
    more, less = (total + 1) // 2, total // 2
    return (more, less) if extra_before else (less, more)


def output_count(mode: str, size: int, span: int, stride: int) -> int:
    if mode == "Same":
        return math.ceil(size / stride)
    if mode == "Full":
        return (size + span - 2) // stride + 1
    return (size - span) // stride + 1


# --- Oracles --------------------------------------------------------------------------


def dilated(kernel: np.ndarray, dilation: tuple[int, ...]) -> np.ndarray:
    """The kernel with dilation − 1 zeros between taps on every spatial axis."""
    shape = tuple(d * (k - 1) + 1 for k, d in zip(kernel.shape, dilation, strict=True))
    out = np.zeros(shape, dtype=kernel.dtype)
    out[tuple(slice(None, None, d) for d in dilation)] = kernel
    return out


def scipy_oracle(x, w, *, mode, stride, dilation, groups, fill, bias, flip):
    """Grouped correlation (convolution when `flip`) from SciPy's 1-D / N-D routines."""
    batch = x.shape[0]
    out_channels, per_group = w.shape[:2]
    rank = x.ndim - 2
    spans = [d * (k - 1) + 1 for k, d in zip(w.shape[2:], dilation, strict=True)]
    big = np.pad(x, [(0, 0), (0, 0), *[(s - 1, s - 1) for s in spans]], constant_values=fill)
    routine = scipy.signal.convolve if flip else scipy.signal.correlate
    starts, counts = [], []
    for size, span, s, k in zip(x.shape[2:], spans, stride, w.shape[2:], strict=True):
        before, _ = mode_pads(mode, size, span, s, extra_before=flip and k % 2 == 0)
        starts.append(span - 1 - before)
        counts.append(output_count(mode, size, span, s))
    picked = tuple(
        slice(a, a + (c - 1) * s + 1, s) if c > 0 else slice(0, 0)
        for a, c, s in zip(starts, counts, stride, strict=True)
    )
    out = np.zeros((batch, out_channels, *counts), dtype=np.result_type(x, w))
    for n, o in itertools.product(range(batch), range(out_channels)):
        group = o // (out_channels // groups)
        for c in range(per_group):
            full = routine(
                big[n, group * per_group + c],
                dilated(w[o, c], dilation),
                mode="valid",
                method="direct",
            )
            out[n, o] += full[picked]
    if bias is not None:
        out += bias.reshape(out_channels, *(1,) * rank)
    return out


def im2col_matmul_oracle(x, w, *, mode, stride, dilation, groups, fill, bias, flip):
    """The same contraction as NumPy fancy indexing (im2col) and `@`."""
    batch, channels = x.shape[:2]
    out_channels, per_group = w.shape[:2]
    kernel = w.shape[2:]
    if flip:
        w = w[(..., *(slice(None, None, -1),) * len(kernel))]
    pads, counts = [], []
    for size, k, s, d in zip(x.shape[2:], kernel, stride, dilation, strict=True):
        pads.append(mode_pads(mode, size, d * (k - 1) + 1, s, extra_before=flip and k % 2 == 0))
        counts.append(output_count(mode, size, d * (k - 1) + 1, s))
    xp = np.pad(x, [(0, 0), (0, 0), *pads], constant_values=fill)
    grids = []
    for axis, (k, s, d, c) in enumerate(zip(kernel, stride, dilation, counts, strict=True)):
        pos = np.arange(c)[:, None] * s + np.arange(k)[None, :] * d  # (count, k)
        shape = [1] * (2 * len(kernel))
        shape[axis], shape[len(kernel) + axis] = c, k
        grids.append(pos.reshape(shape))
    patches = xp[(slice(None), slice(None), *grids)]  # (N, C, count..., k...)
    flat = patches.reshape(batch, channels, math.prod(counts), math.prod(kernel))
    out = np.zeros((batch, out_channels, math.prod(counts)), dtype=np.result_type(x, w))
    step = out_channels // groups
    for g in range(groups):
        cols = flat[:, g * per_group : (g + 1) * per_group]  # (N, Cg, L, K)
        cols = cols.transpose(0, 2, 1, 3).reshape(batch, math.prod(counts), -1)
        weights = w[g * step : (g + 1) * step].reshape(step, -1)
        out[:, g * step : (g + 1) * step] = (cols @ weights.T).transpose(0, 2, 1)
    out = out.reshape(batch, out_channels, *counts)
    if bias is not None:
        out += bias.reshape(out_channels, *(1,) * len(kernel))
    return out


def pool_oracle(x, *, kind, kernel, stride, dilation, mode, ceil_mode, count_include_pad):
    """Pooling by loops: values, in-window indices (max), and which windows hold no input
    element (the reference gives them the dtype's least / greatest value, index 0, and
    an average of 0 / 0 or 0 / padding). Padding never wins a max or a min; an average
    divides by its input elements, plus its padding taps when count_include_pad; the taps
    past the padded input (ceil mode) never count."""
    pads, counts = [], []
    for size, k, s, d in zip(x.shape[2:], kernel, stride, dilation, strict=True):
        span = d * (k - 1) + 1
        before, after = mode_pads(mode, size, span, s, extra_before=k % 2 == 0)
        padded = before + size + after
        count = ((-(-(padded - span) // s)) if ceil_mode else (padded - span) // s) + 1
        if ceil_mode and (count - 1) * s >= size + before:
            count -= 1
        pads.append((before, after))
        counts.append(count)
    values = np.zeros((*x.shape[:2], *counts), dtype=np.float64 if kind == "avg" else x.dtype)
    indices = np.zeros(values.shape, dtype=np.int64)
    empty = np.zeros(values.shape, dtype=bool)
    for n, c in itertools.product(range(x.shape[0]), range(x.shape[1])):
        for out in itertools.product(*map(range, counts)):
            real, real_taps, padding = [], [], 0
            for t, tap in enumerate(itertools.product(*map(range, kernel))):
                pos = [
                    o * s + j * d - b
                    for o, j, s, d, (b, _) in zip(out, tap, stride, dilation, pads, strict=True)
                ]
                if all(0 <= p < size for p, size in zip(pos, x.shape[2:], strict=True)):
                    real.append(x[(n, c, *pos)])
                    real_taps.append(t)
                elif all(
                    -b <= p < size + a
                    for p, size, (b, a) in zip(pos, x.shape[2:], pads, strict=True)
                ):
                    padding += 1
            if kind == "avg":
                counted = len(real) + count_include_pad * padding
                total = sum(float(v) for v in real)
                values[(n, c, *out)] = total / counted if counted else math.nan
                continue
            if not real:
                empty[(n, c, *out)] = True
                continue
            best = 0
            for i in range(1, len(real)):
                if math.isnan(real[best]):
                    break
                better = real[i] > real[best] if kind == "max" else real[i] < real[best]
                if math.isnan(real[i]) or better:
                    best = i
            values[(n, c, *out)] = real[best]
            indices[(n, c, *out)] = real_taps[best]
    return values, indices, empty


# --- Strategies -----------------------------------------------------------------------


@st.composite
def conv_problem(draw, rank: int, dtype=dtypes.FLOAT64, integer_values: bool = False):
    groups = draw(st.integers(1, 3))
    per_group = draw(st.integers(1, 2))
    out_per_group = draw(st.integers(1, 2))
    batch = draw(st.integers(1, 2))
    mode = draw(st.sampled_from(["Valid", "Same", "Full"]))
    kernel = tuple(draw(st.integers(1, 4)) for _ in range(rank))
    stride = tuple(draw(st.integers(1, 3)) for _ in range(rank))
    dilation = tuple(draw(st.integers(1, 3)) for _ in range(rank))
    sizes = tuple(
        draw(st.integers(d * (k - 1) + 1 if mode == "Valid" else 1, 12))
        for k, d in zip(kernel, dilation, strict=True)
    )
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    shape_x = (batch, groups * per_group, *sizes)
    shape_w = (groups * out_per_group, per_group, *kernel)
    if integer_values:
        x = rng.integers(-50, 50, shape_x).astype(np.int64)
        w = rng.integers(-50, 50, shape_w).astype(np.int64)
        fill = int(draw(st.sampled_from([0, 0, 3])))
        bias = rng.integers(-50, 50, shape_w[0]) if draw(st.booleans()) else None
    else:
        x = dtypes.to_storage(rng.standard_normal(shape_x), dtype).astype(np.float64)
        w = dtypes.to_storage(rng.standard_normal(shape_w), dtype).astype(np.float64)
        fill = float(draw(st.sampled_from([0.0, 0.0, 1.5])))
        bias = (
            dtypes.to_storage(rng.standard_normal(shape_w[0]), dtype).astype(np.float64)
            if draw(st.booleans())
            else None
        )
    return dict(
        x=x,
        w=w,
        mode=mode,
        stride=stride,
        dilation=dilation,
        groups=groups,
        fill=fill,
        bias=bias,
        layout=draw(st.sampled_from(LAYOUTS)),
        w_layout=draw(st.sampled_from(LAYOUTS)),
    )


def run_conv(name: str, p: dict, dtype) -> np.ndarray:
    rank = p["x"].ndim - 2
    per_axis = (lambda v: v[0]) if rank == 1 else tuple
    bias = None if p["bias"] is None else Tensor.from_values(p["bias"], dtype)
    out = nx(
        name,
        laid_out(p["x"], dtype, p["layout"]),
        laid_out(p["w"], dtype, p["w_layout"]),
        groups=p["groups"],
        stride=per_axis(p["stride"]),
        padding_mode=p["mode"],
        dilation=per_axis(p["dilation"]),
        fillvalue=p["fill"],
        bias=bias,
    )
    return out.values()


def magnitude_bound(p: dict, flip: bool) -> np.ndarray:
    """Σ|x·w| per output (with the fill and bias), for the error bound."""
    return np.abs(
        scipy_oracle(
            np.abs(p["x"]),
            np.abs(p["w"]),
            mode=p["mode"],
            stride=p["stride"],
            dilation=p["dilation"],
            groups=p["groups"],
            fill=abs(p["fill"]),
            bias=None if p["bias"] is None else np.abs(p["bias"]),
            flip=flip,
        )
    )


def accumulation_bound(p: dict, flip: bool) -> np.ndarray:
    """2·k·u·Σ|x·w|: two float64 sums of the same k terms (products, and the bias) in
    different orders, each within k·u·Σ|x·w| of the exact sum (Higham, "Accuracy and
    Stability of Numerical Algorithms", 2nd ed., 3.5)."""
    terms = p["w"][0].size + 1
    return 2 * terms * U64 * magnitude_bound(p, flip) + 1e-300


ORACLE_ARGS = ("mode", "stride", "dilation", "groups", "fill", "bias")


def oracle(function, p: dict, flip: bool) -> np.ndarray:
    return function(p["x"], p["w"], flip=flip, **{k: p[k] for k in ORACLE_ARGS})


# --- Correlation and convolution ------------------------------------------------------


@pytest.mark.parametrize("name", ["correlate1d", "convolve1d", "correlate2d", "convolve2d"])
@SETTINGS
@given(data=st.data())
def test_float64_matches_scipy_and_im2col(name, data):
    """float64 results equal SciPy's per-channel correlation (convolution) summed over
    the group, and a NumPy im2col + `@`, within k·u·Σ|x·w|."""
    p = data.draw(conv_problem(2 if name.endswith("2d") else 1))
    flip = name.startswith("convolve")
    got = run_conv(name, p, dtypes.FLOAT64)
    bound = accumulation_bound(p, flip)
    for function in (scipy_oracle, im2col_matmul_oracle):
        expected = oracle(function, p, flip)
        assert got.shape == expected.shape
        assert np.all(np.abs(got - expected) <= bound)


@pytest.mark.parametrize("name", ["correlate2d", "convolve1d"])
@SETTINGS
@given(data=st.data())
def test_float32_is_the_float64_result_rounded_once(name, data):
    """float32 results: the exact value rounded once (half an ulp), plus the float64
    accumulation bound."""
    p = data.draw(conv_problem(2 if name.endswith("2d") else 1, dtypes.FLOAT32))
    got = run_conv(name, p, dtypes.FLOAT32).astype(np.float64)
    flip = name.startswith("convolve")
    expected = oracle(scipy_oracle, p, flip)
    bound = 2.0**-24 * np.abs(expected) + accumulation_bound(p, flip)
    assert np.all(np.abs(got - expected) <= bound)


@pytest.mark.parametrize(
    ("name", "dtype"),
    [("convolve1d", dtypes.INT32), ("convolve2d", dtypes.INT16), ("convolve2d", dtypes.INT8)],
)
@SETTINGS
@given(data=st.data())
def test_integer_convolution_is_exact_and_wraps(name, dtype, data):
    """Integer convolution: the exact sum of products (SciPy on int64), wrapped modulo
    2^bits into the dtype."""
    p = data.draw(conv_problem(2 if name.endswith("2d") else 1, integer_values=True))
    p["x"] = dtypes.to_storage(p["x"], dtype).astype(np.int64)
    p["w"] = dtypes.to_storage(p["w"], dtype).astype(np.int64)
    if p["bias"] is not None:
        p["bias"] = dtypes.to_storage(p["bias"], dtype).astype(np.int64)
    p["fill"] = int(dtypes.to_storage(np.int64(p["fill"]), dtype))
    got = run_conv(name, p, dtype)
    expected = dtypes.to_storage(oracle(scipy_oracle, p, flip=True), dtype)
    assert np.array_equal(got, expected)


@pytest.mark.parametrize("dtype", [dtypes.COMPLEX64, dtypes.COMPLEX32])
@SETTINGS
@given(data=st.data())
def test_complex_convolution_matches_scipy_without_conjugation(dtype, data):
    """Complex convolve1d: SciPy's convolution of the complex values (no conjugate).
    Bound: two complex sums of k products, each within √2·(k + 2)·u·Σ|x·w| (Higham 3.6),
    plus, for complex32, the final rounding of both parts (√2·2^-24·|value|)."""
    p = data.draw(conv_problem(1, dtypes.FLOAT64))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    for key in ("x", "w"):
        p[key] = dtypes.to_storage(p[key] + 1j * rng.standard_normal(p[key].shape), dtype).astype(
            np.complex128
        )
    p["bias"], p["fill"] = None, complex(p["fill"])
    got = run_conv("convolve1d", p, dtype).astype(np.complex128)
    expected = oracle(scipy_oracle, p, flip=True)
    products = p["w"][0].size
    magnitude = scipy_oracle(
        np.abs(p["x"]),
        np.abs(p["w"]),
        mode=p["mode"],
        stride=p["stride"],
        dilation=p["dilation"],
        groups=p["groups"],
        fill=abs(p["fill"]),
        bias=None,
        flip=True,
    )
    rounding = 2.0**-24 if dtype is dtypes.COMPLEX32 else 0.0
    bound = math.sqrt(2) * (2 * (products + 2) * U64 * magnitude + rounding * np.abs(expected))
    assert np.all(np.abs(got - expected) <= bound + 1e-300)


@SETTINGS
@given(data=st.data())
def test_bool_convolution_is_or_of_ands(data):
    """Bool convolve2d: the convolution of the 0/1 values, stored as x != 0."""
    p = data.draw(conv_problem(2, integer_values=True))
    p["x"], p["w"] = (p["x"] > 0).astype(np.int64), (p["w"] > 0).astype(np.int64)
    p["bias"], p["fill"] = None, int(p["fill"] > 0)
    got = run_conv("convolve2d", p, dtypes.BOOL)
    assert np.array_equal(got, oracle(scipy_oracle, p, flip=True) != 0)


@SETTINGS
@given(
    shape=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4),
    classes=st.integers(1, 5),
    dtype=st.sampled_from([dtypes.INT32, dtypes.INT8, dtypes.UINT8, dtypes.INT64]),
    layout=st.sampled_from(LAYOUTS),
    seed=st.integers(0, 2**32 - 1),
)
def test_one_hot_compares_with_every_class(shape, classes, dtype, layout, seed):
    """one_hot: uint8 [..., k] = (index == k); out-of-range (and negative) indices give
    zero rows."""
    values = np.random.default_rng(seed).integers(-2, classes + 3, shape)
    values = dtypes.to_storage(values, dtype)
    got = nx("one_hot", laid_out(values, dtype, layout), num_classes=classes)
    assert got.dtype is dtypes.UINT8
    expected = np.zeros((*shape, classes), dtype=np.uint8)
    for index in np.ndindex(*shape):
        if 0 <= int(values[index]) < classes:
            expected[(*index, int(values[index]))] = 1
    assert np.array_equal(got.values(), expected)


def test_one_hot_num_classes_0_raises():
    """"@raise Invalid_argument if indices not integer type or num_classes <= 0"
    (nx.mli:3621)."""
    with pytest.raises(InvalidArgument):
        nx("one_hot", Tensor.from_values(np.array([0, 1]), dtypes.INT32), num_classes=0)


def test_correlate_same_even_kernel_is_not_scipy_same():
    """The documented difference: SciPy's 'same' correlation pads the extra position
    before the input; correlate1d puts it after ("pads more on bottom/right")."""
    x = np.array([1.0, 2, 3, 4])
    w = np.array([1.0, 10])
    got = nx(
        "correlate1d",
        Tensor.from_values(x.reshape(1, 1, 4), dtypes.FLOAT64),
        Tensor.from_values(w.reshape(1, 1, 2), dtypes.FLOAT64),
        padding_mode="Same",
    )
    assert got.values().reshape(-1).tolist() == [21, 32, 43, 4]
    assert scipy.signal.correlate(x, w, mode="same").tolist() == [10, 21, 32, 43]
    # convolve1d agrees with NumPy's and SciPy's 'same' (documented: NumPy convention).
    conv = nx(
        "convolve1d",
        Tensor.from_values(x.reshape(1, 1, 4), dtypes.FLOAT64),
        Tensor.from_values(w.reshape(1, 1, 2), dtypes.FLOAT64),
        padding_mode="Same",
    )
    assert conv.values().reshape(-1).tolist() == np.convolve(x, w, "same").tolist()


@pytest.mark.parametrize("dtype", [dtypes.FLOAT16, dtypes.BFLOAT16, dtypes.FLOAT8_E5M2])
def test_narrow_floats_round_once(dtype):
    """A sum whose terms are exact but whose float16 / bfloat16 / float8 partial sums
    would round: the result is the exact sum rounded once."""
    x = dtypes.to_storage(np.array([1.0, 2.0**-8, 2.0**-8, 2.0**-8]), dtype)
    got = nx(
        "correlate1d",
        Tensor.from_values(x.reshape(1, 1, 4), dtype),
        Tensor.from_values(np.ones((1, 1, 4)), dtype),
    )
    exact = float(np.sum(x.astype(np.float64)))
    assert float(got.values().reshape(-1)[0]) == float(dtypes.to_storage(exact, dtype))


# --- im2col / col2im ------------------------------------------------------------------


@st.composite
def window_problem(draw):
    rank = draw(st.integers(1, 3))
    kernel = tuple(draw(st.integers(1, 3)) for _ in range(rank))
    stride = tuple(draw(st.integers(1, 3)) for _ in range(rank))
    dilation = tuple(draw(st.integers(1, 2)) for _ in range(rank))
    padding = tuple((draw(st.integers(0, 2)), draw(st.integers(0, 2))) for _ in range(rank))
    sizes = tuple(
        draw(st.integers(max(1, d * (k - 1) + 1 - b - a), 6))
        for k, d, (b, a) in zip(kernel, dilation, padding, strict=True)
    )
    shape = (draw(st.integers(1, 2)), draw(st.integers(1, 3)), *sizes)
    values = np.random.default_rng(draw(st.integers(0, 2**32 - 1))).integers(-9, 9, shape)
    return values, kernel, stride, dilation, padding, draw(st.sampled_from(LAYOUTS))


def loop_windows(values, kernel, stride, dilation, padding):
    """{(window index, tap index): input position or None} by loops, windows and taps
    row-major."""
    counts = [
        (b + n + a - d * (k - 1) - 1) // s + 1
        for n, k, s, d, (b, a) in zip(
            values.shape[2:], kernel, stride, dilation, padding, strict=True
        )
    ]
    reads = {}
    for l, out in enumerate(itertools.product(*map(range, counts))):
        for j, tap in enumerate(itertools.product(*map(range, kernel))):
            pos = tuple(
                o * s + t * d - b
                for o, t, s, d, (b, _) in zip(out, tap, stride, dilation, padding, strict=True)
            )
            inside = all(0 <= p < n for p, n in zip(pos, values.shape[2:], strict=True))
            reads[l, j] = pos if inside else None
    return reads, math.prod(counts)


@SETTINGS
@given(window_problem())
def test_im2col_and_col2im_match_loops(problem):
    """im2col puts channel c, tap j of window l at [c·K + j, l] (zero in the padding);
    col2im adds every entry back at the position it was read from."""
    values, kernel, stride, dilation, padding, layout = problem
    batch, channels = values.shape[:2]
    k = math.prod(kernel)
    reads, count = loop_windows(values, kernel, stride, dilation, padding)
    t = laid_out(values, dtypes.INT32, layout)
    cols = nx(
        "im2col", t, kernel_size=kernel, stride=stride, dilation=dilation, padding=padding
    ).values()
    expected = np.zeros((batch, channels * k, count), dtype=np.int64)
    folded = np.zeros(values.shape, dtype=np.int64)
    for (l, j), pos in reads.items():
        for c in range(channels):
            if pos is not None:
                expected[:, c * k + j, l] = values[(slice(None), c, *pos)]
                folded[(slice(None), c, *pos)] += expected[:, c * k + j, l]
    assert np.array_equal(cols, expected)
    back = nx(
        "col2im",
        Tensor.from_values(expected, dtypes.INT32),
        output_size=values.shape[2:],
        kernel_size=kernel,
        stride=stride,
        dilation=dilation,
        padding=padding,
    )
    assert np.array_equal(back.values(), folded)


# --- Pooling --------------------------------------------------------------------------


@st.composite
def pool_problem(draw, rank: int, dtype):
    kernel = tuple(draw(st.integers(1, 3)) for _ in range(rank))
    stride = tuple(draw(st.integers(1, 3)) for _ in range(rank))
    dilation = tuple(draw(st.integers(1, 2)) for _ in range(rank))
    mode = draw(st.sampled_from(["Valid", "Same", "Full"]))
    sizes = tuple(
        draw(st.integers(d * (k - 1) + 1 if mode == "Valid" else 1, 7))
        for k, d in zip(kernel, dilation, strict=True)
    )
    shape = (draw(st.integers(1, 2)), draw(st.integers(1, 2)), *sizes)
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    if dtype.is_integer:
        values = rng.integers(-3, 3, shape)  # small range: many ties
    else:
        values = np.round(rng.standard_normal(shape), 1)
        values[rng.random(shape) < 0.05] = np.nan
    values = dtypes.to_storage(values, dtype)
    return dict(
        x=values,
        kernel=kernel,
        stride=stride,
        dilation=dilation,
        mode=mode,
        ceil_mode=draw(st.booleans()),
        count_include_pad=draw(st.booleans()),
        layout=draw(st.sampled_from(LAYOUTS)),
    )


def pool_kwargs(p: dict) -> dict:
    one = (lambda v: v[0]) if len(p["kernel"]) == 1 else tuple
    return dict(
        kernel_size=one(p["kernel"]),
        stride=one(p["stride"]),
        dilation=one(p["dilation"]),
        padding_spec=p["mode"],
        ceil_mode=p["ceil_mode"],
    )


def oracle_kwargs(p: dict) -> dict:
    return {
        k: p[k] for k in ("kernel", "stride", "dilation", "mode", "ceil_mode", "count_include_pad")
    }


@pytest.mark.parametrize(
    ("rank", "dtype"),
    [(1, dtypes.FLOAT32), (2, dtypes.FLOAT64), (2, dtypes.INT8), (1, dtypes.UINT8)],
)
@SETTINGS
@given(data=st.data())
def test_max_and_min_pool_match_loops(rank, dtype, data):
    """Max and min pooling: the extreme of each window's input elements (padding never
    wins, NaN wins), the max's index the first tap holding it; exact."""
    p = data.draw(pool_problem(rank, dtype))
    x = laid_out(p["x"], dtype, p["layout"])
    values, indices = nx(f"max_pool{rank}d", x, return_indices=True, **pool_kwargs(p))
    expected, where, empty = pool_oracle(p["x"], kind="max", **oracle_kwargs(p))
    expected[empty] = dtype.low if dtype.is_integer else -np.inf
    assert np.array_equal(values.values(), expected, equal_nan=dtype.is_float)
    assert np.array_equal(indices.values(), where)
    low, none = nx(f"min_pool{rank}d", x, return_indices=True, **pool_kwargs(p))
    expected, _, _ = pool_oracle(p["x"], kind="min", **oracle_kwargs(p))
    expected[empty] = dtype.high if dtype.is_integer else np.inf
    assert none is None
    assert np.array_equal(low.values(), expected, equal_nan=dtype.is_float)
    if empty.any():
        return  # an empty window's index 0 may point into the padding: nothing to put back
    kwargs = pool_kwargs(p)
    back = nx(
        f"max_unpool{rank}d",
        indices,
        values,
        None,
        kernel_size=kwargs["kernel_size"],
        stride=kwargs["stride"],
        dilation=kwargs["dilation"],
        padding_spec=p["mode"],
        output_size_opt=p["x"].shape[2:],
    )
    # Unpooling puts every maximum back where it was read: at those positions the
    # unpooled tensor holds the input's value.
    placed = back.values().astype(np.float64)
    source = p["x"].astype(np.float64)
    moved = placed != 0
    assert np.array_equal(placed[moved], source[moved], equal_nan=True)


@pytest.mark.parametrize("rank", [1, 2])
@SETTINGS
@given(data=st.data())
def test_avg_pool_matches_loops(rank, data):
    """Average pooling: the sum of a window's input elements over their number, plus
    the padding taps when count_include_pad (never the ceil-mode overhang)."""
    p = data.draw(pool_problem(rank, dtypes.FLOAT64))
    got = nx(
        f"avg_pool{rank}d",
        laid_out(p["x"], dtypes.FLOAT64, p["layout"]),
        count_include_pad=p["count_include_pad"],
        **pool_kwargs(p),
    ).values()
    expected, _, _ = pool_oracle(p["x"], kind="avg", **oracle_kwargs(p))
    magnitude, _, _ = pool_oracle(np.abs(p["x"]), kind="avg", **oracle_kwargs(p))
    bound = (math.prod(p["kernel"]) + 1) * U64 * magnitude
    finite = np.isfinite(expected)
    assert np.array_equal(np.isnan(got), ~finite)
    assert np.all(np.abs(got[finite] - expected[finite]) <= bound[finite])


# --- Errors ---------------------------------------------------------------------------


def f64(shape) -> Tensor:
    return Tensor.from_values(np.ones(shape), dtypes.FLOAT64)


@pytest.mark.parametrize(
    ("name", "x", "w", "kwargs"),
    [
        ("correlate1d", (1, 2, 5), (1, 3, 3), {}),  # channel mismatch
        ("correlate1d", (1, 4, 5), (3, 2, 3), {"groups": 2}),  # groups do not divide C_out
        ("correlate1d", (1, 3, 5), (2, 1, 3), {"groups": 2}),  # groups do not divide C_in
        ("correlate1d", (1, 1, 2), (1, 1, 3), {}),  # kernel larger than input (Valid)
        ("correlate1d", (1, 1, 5), (1, 1, 3), {"dilation": 3}),  # dilated kernel too large
        ("correlate1d", (1, 1, 5), (1, 1, 3), {"stride": 0}),
        ("correlate1d", (1, 1, 5), (1, 1, 3), {"groups": 0}),
        ("correlate1d", (1, 1, 9), (1, 1, 3), {"stride": -2}),  # a negative window count
        ("correlate1d", (1, 5), (1, 1, 3), {}),  # rank
        ("correlate2d", (1, 1, 5, 5), (1, 1, 3, 3), {"stride": (1, 0)}),
        ("convolve2d", (1, 1, 5, 5), (1, 1, 3, 3), {"bias": f64((2,))}),
    ],
)
def test_documented_errors_raise_invalid_argument(name, x, w, kwargs):
    with pytest.raises(InvalidArgument):
        nx(name, f64(x), f64(w), **kwargs)


def test_integers_are_refused_by_correlate_and_avg_pool():
    ints = Tensor.from_values(np.ones((1, 1, 4)), dtypes.INT32)
    with pytest.raises(InvalidArgument):
        nx("correlate1d", ints, Tensor.from_values(np.ones((1, 1, 2)), dtypes.INT32))
    with pytest.raises(InvalidArgument):
        nx("avg_pool1d", ints, kernel_size=2)
