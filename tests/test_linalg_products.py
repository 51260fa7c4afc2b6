"""The reference's products (nx.txt, "Linear Algebra") and the matrix-product core
(`reference/nx/_cores/matmul.py`) against NumPy, on random shapes: batched and
broadcast, 1-D promoted, complex, float32 and float64, strided and transposed inputs.

Oracles: `np.matmul`, `np.einsum`, `np.tensordot`, `np.kron`, `np.linalg.multi_dot`,
`np.inner`, `np.vdot`, `np.vecdot`, `np.cross`, `np.linalg.matrix_power`, computed in
extended precision (x87 long double, 64-bit significand) so that their own rounding is
negligible next to the reference's, and exact Python integers for integer dtypes.

Accuracy claimed and checked (u is the unit roundoff: 2^-53 for float64 / complex64,
2^-24 for float32 / complex32): the reference accumulates in float64 and rounds once,
so for an element that sums k products

    |computed - exact| <= u_dtype * |exact| + k * 2^-53 * sum |a_i| |b_i|

that is, at most half an ulp of the dtype plus Higham's gamma_k bound of the float64
accumulation (eta, half the smallest subnormal, added per rounding for underflow).
`error_units` is the worst ratio of the error to that bound; every assertion requires
it to be <= 1. Measured over 400 examples per test: up to 0.99 for float32 / complex32
(the final rounding, half an ulp, dominates) and up to 0.56 for float64 / complex64.
Integer products are exact modulo 2^bits, int4 and uint4 included (READINGS R137, R19).
vecdot conjugates its first operand, as vdot does (READINGS R143); vecdot and inner are the
broadcast products summed along an axis (R144, and R141's first alternative). The chain order of `multi_dot` is checked
against a brute-force search over every parenthesisation.
"""

from __future__ import annotations

import itertools
import math
import string

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes, registry
from reference.dtypes import DType
from reference.errors import InvalidArgument
from reference.nx._cores import matmul as core
from reference.nx.linalg.multi_dot import chain_order
from reference.tensor import Tensor
from tests.test_arithmetic import LAYOUTS, laid_out

registry.load_all()

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
INEXACT = [dtypes.FLOAT32, dtypes.FLOAT64, dtypes.COMPLEX32, dtypes.COMPLEX64]
INTEGERS = [dtypes.INT8, dtypes.UINT8, dtypes.INT32, dtypes.INT64, dtypes.INT4]
EXTENDED = {False: np.longdouble, True: np.clongdouble}


def nx(name: str, *args, **kwargs):
    return registry.lookup("nx", name).function(*args, **kwargs)


# --- Inputs ---------------------------------------------------------------------------------


@st.composite
def operand(draw, dtype: DType, shape: tuple[int, ...]) -> tuple[np.ndarray, Tensor]:
    """Random finite values of `dtype` (as stored) and a tensor holding them in a random
    layout (contiguous, transposed, flipped or spaced)."""
    size = math.prod(shape)
    if dtype.is_integer:
        flat = draw(st.lists(st.integers(dtype.low, dtype.high), min_size=size, max_size=size))
        values = np.array(flat, dtype=object).reshape(shape)
    else:
        real = st.floats(-8, 8, width=32 if dtype in (dtypes.FLOAT32, dtypes.COMPLEX32) else 64)
        count = 2 * size if dtype.is_complex else size
        flat = np.array(draw(st.lists(real, min_size=count, max_size=count)), dtype=np.float64)
        values = (flat[0::2] + 1j * flat[1::2] if dtype.is_complex else flat).reshape(shape)
        values = dtypes.to_storage(values, dtype)
    return values, laid_out(values, dtype, draw(st.sampled_from(LAYOUTS)))


def extended(values: np.ndarray) -> np.ndarray:
    return values.astype(EXTENDED[np.iscomplexobj(values)])


# --- Accuracy -------------------------------------------------------------------------------


def rounding(storage) -> tuple[np.longdouble, np.longdouble]:
    """(u, eta) of a NumPy float type: rounding into it errs by at most u * |x| + eta, eta
    being half the smallest subnormal (Higham's model with gradual underflow)."""
    info = np.finfo(storage)
    return np.longdouble(info.eps) / 2, np.longdouble(info.smallest_subnormal) / 2


def error_units(
    got: Tensor, exact: np.ndarray, magnitude: np.ndarray, terms: int, dtype: DType
) -> float:
    """The worst ratio of |got - exact| to the bound of the module doc: the final rounding
    into the dtype (u * |exact| + eta) plus the float64 accumulation of `terms` products
    (terms * (2^-53 * magnitude + eta_64)), magnitude being the sum of the |products|;
    complex parts count twice. Computed in long double."""
    u, eta = rounding(dtypes.part_dtype(dtype).storage if dtype.is_complex else dtype.storage)
    u64, eta64 = rounding(np.float64)
    parts = 2 if dtype.is_complex else 1
    error = np.abs(got.values().astype(exact.dtype) - exact)
    bound = u * np.abs(exact) + parts * eta + max(terms, 1) * parts * (u64 * magnitude + eta64)
    return float((error / bound).max(initial=0.0))


def wrapped(values, dtype: DType) -> np.ndarray:
    """Exact integer products stored into `dtype`, wrapped modulo 2^bits."""
    return dtypes.wrap_integers(np.asarray(values, dtype=object), dtype)


# --- matmul and dot -------------------------------------------------------------------------


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(INEXACT), function=st.sampled_from(["matmul", "dot"]))
def test_matmul_is_within_half_an_ulp_plus_gamma_k(data, dtype, function):
    """matmul (and dot, documented with matmul's batch broadcasting) on batched,
    broadcast, 1-D-promoted shapes: error <= 1 unit of the bound in the module doc."""
    shapes = data.draw(
        hnp.mutually_broadcastable_shapes(
            signature="(m?,k),(k,n?)->(m?,n?)", max_dims=4, max_side=5
        )
    ).input_shapes
    a, ta = data.draw(operand(dtype, shapes[0]))
    b, tb = data.draw(operand(dtype, shapes[1]))
    got = nx(function, ta, tb)
    exact = np.matmul(extended(a), extended(b))
    magnitude = np.matmul(np.abs(extended(a)), np.abs(extended(b)))
    assert got.dtype is dtype and got.shape == exact.shape
    assert error_units(got, exact, magnitude, shapes[0][-1], dtype) <= 1.0


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(INTEGERS))
def test_integer_matmul_is_exact_modulo_2_to_the_bits(data, dtype):
    shapes = data.draw(
        hnp.mutually_broadcastable_shapes(
            signature="(m?,k),(k,n?)->(m?,n?)", max_dims=3, max_side=4
        )
    ).input_shapes
    a, ta = data.draw(operand(dtype, shapes[0]))
    b, tb = data.draw(operand(dtype, shapes[1]))
    exact = np.asarray(np.matmul(a, b), dtype=object)
    got = nx("matmul", ta, tb)
    assert got.shape == exact.shape
    assert np.array_equal(got.values().astype(object), wrapped(exact, dtype))


@pytest.mark.parametrize(
    ("m", "k", "n", "batch"),
    [
        (300, 70, 500, ()),  # more than PARALLEL_PRODUCTS: row blocks on the thread pool
        (2, 3000, 200, ()),  # k longer than one block: several k chunks summed
        (7, 1, 3, (50, 1)),  # batch-broadcast with a tiny k
        (1, 100000, 1, ()),  # one long inner product
    ],
)
def test_the_core_blocks_threads_and_chunks_like_a_plain_product(m, k, n, batch):
    """The blocking of `_cores/matmul.py` (row blocks, k chunks, threads) changes the
    schedule, never the accuracy: error <= gamma_k bound (within 1 unit) in float64."""
    rng = np.random.default_rng(m * k + n)
    a = rng.standard_normal((*batch, m, k))
    b = rng.standard_normal((3, k, n) if batch else (k, n))
    got = core.matmul(a, b)
    exact = np.matmul(extended(a), extended(b))
    magnitude = np.matmul(np.abs(extended(a)), np.abs(extended(b)))
    error = np.abs(got - exact).astype(np.float64)
    assert got.shape == exact.shape
    assert (error / (k * 2.0**-53 * magnitude.astype(np.float64))).max() <= 1.0


def test_the_core_wraps_int64_and_keeps_complex():
    a = np.array([[2**62, 3]], dtype=np.int64)
    b = np.array([[4], [5]], dtype=np.int64)
    assert core.matmul(a, b).tolist() == [[15]]  # 2^64 wraps to 0
    z = np.array([[1j, 2]])
    assert core.matmul(z, z.T).tolist() == [[3 + 0j]]  # -1 + 4, no conjugation


def test_matmul_refuses_scalars_mismatches_and_mixed_dtypes():
    two = Tensor.from_values(np.ones((2, 3)), dtypes.FLOAT32)
    with pytest.raises(InvalidArgument):
        nx("matmul", two, two)
    with pytest.raises(InvalidArgument):
        nx("matmul", Tensor.from_values(np.float64(1), dtypes.FLOAT32), two)
    with pytest.raises(InvalidArgument):
        nx("matmul", two, Tensor.from_values(np.ones((3, 2)), dtypes.FLOAT64))


# --- tensordot, inner, vdot, vecdot, outer, kron, cross -------------------------------------


@st.composite
def tensordot_problem(draw):
    """Two shapes and `pairs` axes of each with matching sizes, in random orders."""
    pairs = draw(st.integers(0, 2))
    paired = draw(st.lists(st.integers(0, 4), min_size=pairs, max_size=pairs))
    free_a = draw(st.lists(st.integers(0, 4), max_size=2))
    free_b = draw(st.lists(st.integers(0, 4), max_size=2))
    order_a = draw(st.permutations(range(pairs + len(free_a))))
    order_b = draw(st.permutations(range(pairs + len(free_b))))
    shape_a = [(paired + free_a)[i] for i in order_a]
    shape_b = [(paired + free_b)[i] for i in order_b]
    axes_a = tuple(order_a.index(i) for i in range(pairs))
    axes_b = tuple(order_b.index(i) for i in range(pairs))
    negate = draw(st.booleans())
    if negate:
        axes_a = tuple(axis - len(shape_a) for axis in axes_a)
    return tuple(shape_a), tuple(shape_b), axes_a, axes_b, math.prod(paired)


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(INEXACT), problem=tensordot_problem())
def test_tensordot_is_within_the_bound(data, dtype, problem):
    shape_a, shape_b, axes_a, axes_b, terms = problem
    a, ta = data.draw(operand(dtype, shape_a))
    b, tb = data.draw(operand(dtype, shape_b))
    got = nx("tensordot", ta, tb, axes=(axes_a, axes_b))
    exact = np.tensordot(extended(a), extended(b), axes=(axes_a, axes_b))
    magnitude = np.tensordot(np.abs(extended(a)), np.abs(extended(b)), axes=(axes_a, axes_b))
    assert got.shape == exact.shape
    assert error_units(got, exact, magnitude, terms, dtype) <= 1.0


def test_tensordot_default_pairs_one_axis_not_numpys_two():
    a = Tensor.from_values(np.arange(24.0).reshape(2, 3, 4), dtypes.FLOAT64)
    b = Tensor.from_values(np.arange(40.0).reshape(4, 2, 5), dtypes.FLOAT64)
    got = nx("tensordot", a, b)
    assert got.shape == (2, 3, 2, 5)
    assert np.array_equal(got.values(), np.tensordot(a.values(), b.values(), axes=1))


@SETTINGS
@given(
    data=st.data(),
    dtype=st.sampled_from(INEXACT),
    shapes=hnp.mutually_broadcastable_shapes(signature="(k),(k)->()", max_dims=3, max_side=5),
)
def test_vector_products_are_within_the_bound(data, dtype, shapes):
    """vecdot (conjugating x1, as vdot) and inner (not conjugating) as the broadcast
    products summed along the last axis, and vdot (conjugating a) on the same vectors."""
    shape_a, shape_b = shapes.input_shapes
    a, ta = data.draw(operand(dtype, shape_a))
    b, tb = data.draw(operand(dtype, shape_b))
    k = shape_a[-1]
    ea, eb = extended(a), extended(b)
    exact = np.sum(ea * eb, axis=-1)
    magnitude = np.sum(np.abs(ea) * np.abs(eb), axis=-1)
    exact_conj = np.sum(np.conj(ea) * eb, axis=-1)
    for name, want in (("vecdot", exact_conj), ("inner", exact)):
        got = nx(name, ta, tb)
        assert got.shape == np.shape(want)
        assert error_units(got, want, magnitude, k, dtype) <= 1.0
    if a.size == b.size:
        got = nx("vdot", ta, tb)
        exact = np.vdot(ea, eb)
        magnitude = np.vdot(np.abs(ea), np.abs(eb))
        assert got.shape == ()
        assert error_units(got, np.asarray(exact), np.asarray(magnitude), a.size, dtype) <= 1.0


@SETTINGS
@given(
    data=st.data(),
    dtype=st.sampled_from(INEXACT),
    shape_a=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3),
    shape_b=hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3),
)
def test_kron_and_outer_are_exactly_numpys(data, dtype, shape_a, shape_b):
    """One product per element, computed wide and rounded once: bit for bit NumPy's
    kron / outer in float64 / complex128 stored into the dtype (for float32 the float64
    product is exact, so the result is the correctly rounded one). kron of operands of
    different ranks: the reference takes Nx 1.0.0~alpha1's answer, one of the two the cases
    accept (READINGS R152): a 1-D operand beside a 2-D one is a column, other rank pairs
    raise."""
    a, ta = data.draw(operand(dtype, shape_a))
    b, tb = data.draw(operand(dtype, shape_b))
    wide = np.complex128 if dtype.is_complex else np.float64
    x, y = a.astype(wide), b.astype(wide)
    if a.ndim != b.ndim and {a.ndim, b.ndim} != {1, 2}:
        with pytest.raises(InvalidArgument, match="kron"):
            nx("kron", ta, tb)
    else:
        columns = (
            x[:, None] if x.ndim == 1 and y.ndim == 2 else x,
            y[:, None] if y.ndim == 1 and x.ndim == 2 else y,
        )
        exact = np.kron(*columns)
        got = nx("kron", ta, tb)
        assert got.shape == exact.shape
        assert np.array_equal(got.values(), dtypes.to_storage(exact, dtype))
    exact = np.outer(x, y)
    got = nx("outer", ta, tb)
    assert got.shape == exact.shape
    assert np.array_equal(got.values(), dtypes.to_storage(exact, dtype))


@SETTINGS
@given(
    data=st.data(),
    dtype=st.sampled_from(INEXACT),
    shapes=hnp.mutually_broadcastable_shapes(signature="(3),(3)->(3)", max_dims=3, max_side=4),
    axis=st.sampled_from([-1, 0]),
)
def test_cross_is_within_two_products(data, dtype, shapes, axis):
    """The axis (default the last, nx.txt:1849) is resolved in each operand, the other axes
    broadcast (NumPy's cross); axis 0 is drawn on operands of one rank."""
    shape_a, shape_b = shapes.input_shapes
    if axis == 0:
        rank = max(len(shape_a), len(shape_b))
        shape_a, shape_b = (
            (1,) * (rank - len(shape_a)) + shape_a,
            (1,) * (rank - len(shape_b)) + shape_b,
        )
        shape_a, shape_b = (3, *shape_a[:-1]), (3, *shape_b[:-1])
    a, ta = data.draw(operand(dtype, shape_a))
    b, tb = data.draw(operand(dtype, shape_b))
    exact = np.cross(extended(a), extended(b), axis=axis)
    # Each component is u_i v_j - u_j v_i: its magnitude is |u_i| |v_j| + |u_j| |v_i|.
    u, v = (np.moveaxis(np.abs(extended(x)), axis, -1) for x in (a, b))
    magnitude = np.moveaxis(
        np.stack(
            [
                u[..., (i + 1) % 3] * v[..., (i + 2) % 3]
                + u[..., (i + 2) % 3] * v[..., (i + 1) % 3]
                for i in range(3)
            ],
            axis=-1,
        ),
        -1,
        axis,
    )
    got = nx("cross", ta, tb, axis=axis)
    assert got.shape == exact.shape
    assert error_units(got, exact, magnitude, 2, dtype) <= 1.0


# --- einsum on random subscripts ------------------------------------------------------------


@st.composite
def einsum_problem(draw):
    """Random valid subscripts: 1-3 operands over letters of random sizes (repeated
    letters in a term make diagonals), an explicit output or the implicit one."""
    letters = draw(
        st.lists(st.sampled_from(string.ascii_letters), min_size=1, max_size=5, unique=True)
    )
    sizes = {letter: draw(st.integers(0, 3)) for letter in letters}
    # Every term names at least one axis: an empty term is left open by R150 (the reference
    # drops it, as Nx 1.0.0~alpha1; the cases accept that or NumPy's scalar term).
    terms = draw(
        st.lists(
            st.lists(st.sampled_from(letters), min_size=1, max_size=4).map("".join),
            min_size=1,
            max_size=3,
        )
    )
    used = sorted(set("".join(terms)))
    explicit = draw(st.booleans())
    if explicit:
        output = "".join(
            draw(
                st.permutations(draw(st.lists(st.sampled_from(used), unique=True)) if used else [])
            )
        )
        subscripts = ",".join(terms) + "->" + output
    else:
        subscripts = ",".join(terms)
    # A letter may have size 1 in some operands: it broadcasts (NumPy), unless repeated
    # within the term (a diagonal needs equal sizes).
    shapes = [
        tuple(
            1 if term.count(letter) == 1 and draw(st.integers(0, 3)) == 0 else sizes[letter]
            for letter in term
        )
        for term in terms
    ]
    return subscripts, shapes, sizes


@SETTINGS
@given(data=st.data(), dtype=st.sampled_from(INEXACT), problem=einsum_problem())
def test_einsum_on_random_subscripts_is_within_the_bound(data, dtype, problem):
    subscripts, shapes, sizes = problem
    drawn = [data.draw(operand(dtype, shape)) for shape in shapes]
    got = nx("einsum", subscripts, [t for _, t in drawn])
    exact = np.einsum(subscripts, *(extended(v) for v, _ in drawn))
    magnitude = np.einsum(subscripts, *(np.abs(extended(v)) for v, _ in drawn))
    # At most this many terms in a sum: the product of the drawn sizes of the summed
    # letters (a letter of size 1 in every operand sums fewer).
    inputs = subscripts.split("->")[0].replace(",", "")
    output = subscripts.split("->")[1] if "->" in subscripts else exact_output(inputs)
    terms = math.prod(sizes[letter] for letter in set(inputs) - set(output))
    assert got.dtype is dtype and got.shape == np.shape(exact)
    assert error_units(got, np.asarray(exact), np.asarray(magnitude), terms, dtype) <= 1.0


def exact_output(inputs: str) -> str:
    return "".join(sorted(letter for letter in set(inputs) if inputs.count(letter) == 1))


@pytest.mark.parametrize("subscripts", ["ij,jk->i.", "ij,,jk", "i->j", "ii->ii", "ij-ji", "i->>i"])
def test_einsum_refuses_malformed_subscripts(subscripts):
    x = Tensor.from_values(np.ones((2, 2)), dtypes.FLOAT64)
    count = subscripts.split("->")[0].count(",") + 1
    with pytest.raises(InvalidArgument, match="einsum"):
        nx("einsum", subscripts, [x] * count)


# --- multi_dot and its chain order ----------------------------------------------------------


def brute_force_cost(dims: list[int], i: int, j: int) -> int:
    """The cheapest cost of A_i ... A_j over every split (exponential; tiny chains)."""
    if i == j:
        return 0
    return min(
        brute_force_cost(dims, i, s)
        + brute_force_cost(dims, s + 1, j)
        + dims[i] * dims[s + 1] * dims[j + 1]
        for s in range(i, j)
    )


def order_cost(order, dims: list[int]) -> tuple[int, int, int]:
    """(cost, rows, columns) of evaluating `order`."""
    if isinstance(order, int):
        return 0, dims[order], dims[order + 1]
    left, right = (order_cost(part, dims) for part in order)
    return left[0] + right[0] + left[1] * left[2] * right[2], left[1], right[2]


def test_chain_order_of_the_textbook_example():
    """CLRS 3rd ed., figure 15.5: p = (30, 35, 15, 5, 10, 20, 25) costs 15125 with
    ((A1 (A2 A3)) ((A4 A5) A6))."""
    cost, order = chain_order([30, 35, 15, 5, 10, 20, 25])
    assert cost == 15125
    assert order == ((0, (1, 2)), ((3, 4), 5))


@settings(max_examples=60, deadline=None)
@given(dims=st.lists(st.integers(1, 30), min_size=2, max_size=7))
def test_chain_order_is_the_cheapest_parenthesisation(dims):
    cost, order = chain_order(dims)
    assert cost == brute_force_cost(dims, 0, len(dims) - 2)
    assert order_cost(order, dims) == (cost, dims[0], dims[-1])
    leaves = []

    def collect(part):
        if isinstance(part, int):
            leaves.append(part)
        else:
            collect(part[0])
            collect(part[1])

    collect(order)
    assert leaves == list(range(len(dims) - 1))


@SETTINGS
@given(
    data=st.data(),
    dtype=st.sampled_from(INEXACT),
    dims=st.lists(st.integers(1, 5), min_size=3, max_size=6),
    vector_ends=st.tuples(st.booleans(), st.booleans()),
)
def test_multi_dot_is_within_the_bound(data, dtype, dims, vector_ends):
    shapes = [(dims[i], dims[i + 1]) for i in range(len(dims) - 1)]
    if vector_ends[0]:
        shapes[0] = (dims[1],)
    if vector_ends[1] and len(shapes) > 1:
        shapes[-1] = (dims[-2],)
    drawn = [data.draw(operand(dtype, shape)) for shape in shapes]
    got = nx("multi_dot", [t for _, t in drawn])
    exact = np.linalg.multi_dot([extended(v) for v, _ in drawn])
    magnitude = np.linalg.multi_dot([np.abs(extended(v)) for v, _ in drawn])
    assert got.shape == np.shape(exact)
    # A chain of p products of inner sizes k_i: gamma bounds add, sum(k_i) terms at most.
    assert error_units(got, np.asarray(exact), np.asarray(magnitude), sum(dims), dtype) <= 1.0


# --- matrix_power ---------------------------------------------------------------------------


@SETTINGS
@given(
    data=st.data(),
    n=st.integers(-3, 9),
    size=st.integers(0, 4),
    batch=hnp.array_shapes(min_dims=0, max_dims=2, max_side=3),
)
def test_integer_matrix_power_raises(data, n, size, batch):
    """"@raise Invalid_argument if input is not float or complex" (nx.mli:2538), whatever
    the power, 0 included."""
    dtype = data.draw(st.sampled_from(INTEGERS))
    _, ta = data.draw(operand(dtype, (*batch, size, size)))
    with pytest.raises(InvalidArgument):
        nx("matrix_power", ta, n)


@pytest.mark.parametrize("dtype", [dtypes.INT32, dtypes.INT8, dtypes.BOOL])
def test_integer_multi_dot_raises(dtype):
    """"@raise Invalid_argument if inputs are not float or complex" (nx.mli:2528)."""
    t = Tensor.from_values(np.ones((2, 2), dtype=np.int64), dtype)
    with pytest.raises(InvalidArgument):
        nx("multi_dot", [t, t, t])


def test_float_matrix_power_matches_numpy():
    rng = np.random.default_rng(7)
    a = rng.uniform(-1, 1, (2, 4, 4))
    got = nx("matrix_power", Tensor.from_values(a, dtypes.FLOAT64), 11).values()
    exact = np.linalg.matrix_power(extended(a), 11).astype(np.float64)
    assert np.allclose(got, exact, rtol=1e-13, atol=1e-14)


@pytest.mark.parametrize("layout", [layout for layout in LAYOUTS if layout != "contiguous"])
def test_matrix_transpose_is_a_view_in_any_layout(layout):
    values = np.arange(24).reshape(2, 3, 4)
    t = laid_out(values, dtypes.INT32, layout)
    view = nx("matrix_transpose", t)
    assert view.shares_storage(t)
    assert np.array_equal(view.values(), np.swapaxes(values, -1, -2))


def test_diagonal_matches_numpy_on_every_axis_pair_and_offset():
    values = np.arange(60).reshape(3, 4, 5)
    t = laid_out(values, dtypes.INT64, "transposed")
    for axis1, axis2 in itertools.permutations(range(-3, 3), 2):
        if axis1 % 3 == axis2 % 3:
            continue
        for offset in range(-5, 6):
            got = nx("diagonal", t, offset=offset, axis1=axis1, axis2=axis2).values()
            assert np.array_equal(got, np.diagonal(values, offset, axis1, axis2))
