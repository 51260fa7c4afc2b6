"""The reference's "Norms and Condition Numbers" (norm, cond, det, slogdet, matrix_rank,
trace) against NumPy on drawn matrices (`tests/linalg_inputs.py`): well- and
ill-conditioned, rank-deficient and Hilbert, batched, complex, float32 and float64, in
contiguous and strided layouts.

Accuracy claimed and checked (eps the machine epsilon of the dtype, n the matrix size):

- vector norms (the default and `P p along an axis) and the Frobenius, 1, -1, inf, -inf
  matrix norms are sums and extremes of |x|: within 2 n·eps relative of
  `numpy.linalg.norm` computed in float64 / complex128 from the stored values (the
  reference computes them in float64 and rounds once); one axis is a vector norm
  ("For matrix norms, must be 2-element list", nx.txt:1924) and slogdet is float32 (its
  signature, nx.mli:2693);
- the 2, -2 and nuclear norms go through the singular values: within 10 n·eps·|a|_2;
- det: within prod(s_i + d) - prod(s_i), d = 10 n·eps·|a|_2, of `numpy.linalg.det` (Ipsen
  and Rehman's perturbation bound for a backward error d, about n·eps·kappa·|det| for a
  non-singular a), and sign · exp(logdet) of slogdet within the same;
- cond: within 10 n·eps·kappa relative (the 2-norm of an inverse carries that error),
  and inf exactly where NumPy says inf;
- matrix_rank: equal to NumPy's whenever no singular value is within a factor 4 of the
  cutoff (elsewhere the two rounding errors may legitimately decide differently);
- trace: within n·eps of `numpy.trace`.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import dtypes
from reference.errors import InvalidArgument
from reference.ocaml import Variant
from tests.linalg_inputs import SETTINGS, Drawn, matrices, nx, values
from tests.strided_tensors import laid_out

VECTOR_ORDS = {"One": 1, "Two": 2, "Inf": np.inf, "NegOne": -1, "NegTwo": -2, "NegInf": -np.inf}
MATRIX_ORDS = {"Fro": "fro", "One": 1, "Inf": np.inf, "NegOne": -1, "NegInf": -np.inf}
SINGULAR_ORDS = {"Two": 2, "NegTwo": -2, "Nuc": "nuc"}


def close(got: np.ndarray, expected: np.ndarray, rtol: np.ndarray | float, atol=0.0) -> bool:
    got, expected = np.asarray(got), np.asarray(expected)
    assert got.shape == expected.shape, (got.shape, expected.shape)
    return bool(np.all(np.abs(got - expected) <= atol + rtol * np.abs(expected)))


@SETTINGS
@given(
    matrices(kinds=("well", "ill")),
    st.sampled_from(sorted(VECTOR_ORDS)),
    st.sampled_from([-1, -2]),
    st.booleans(),
)
def test_vector_norms(drawn: Drawn, ord_name: str, axis: int, keepdims: bool):
    """Along one axis the norms are vector norms (nx.txt:1924): `P p, the default (p = 2),
    and `One, `Two, `Inf, `NegInf as NumPy's; `NegOne is min |x| and `NegTwo raises (the
    reference's choice where R167 leaves two open)."""
    p = VECTOR_ORDS[ord_name]
    if p in (1, 2, np.inf, -np.inf):
        got = values(
            nx("norm", drawn.tensor, ord=Variant("P", float(p)), axes=(axis,), keepdims=keepdims)
        )
        expected = np.linalg.norm(drawn.values, p, axis=axis, keepdims=keepdims)
        assert close(got, expected, 2 * drawn.n * drawn.eps)
        got = values(nx("norm", drawn.tensor, ord=ord_name, axes=(axis,), keepdims=keepdims))
        assert close(got, expected, 2 * drawn.n * drawn.eps)
    elif ord_name == "NegOne":
        got = values(nx("norm", drawn.tensor, ord=ord_name, axes=(axis,), keepdims=keepdims))
        expected = np.min(np.abs(drawn.values), axis=axis, keepdims=keepdims)
        assert close(got, expected, 0)
    else:
        with pytest.raises(InvalidArgument):
            nx("norm", drawn.tensor, ord=ord_name, axes=(axis,))
    got = values(nx("norm", drawn.tensor, axes=(axis,), keepdims=keepdims))
    expected = np.linalg.norm(drawn.values, axis=axis, keepdims=keepdims)
    assert close(got, expected, 2 * drawn.n * drawn.eps)


def test_named_norms_of_a_vector_follow_nx():
    """Without axes, a 1-D x: `One sum |x|, `Inf max |x|, `Two the 2-norm (documented);
    `NegOne and `NegInf min |x|, `Fro the 2-norm, `NegTwo and `Nuc raise (Nx 1.0.0~alpha1's
    answers, which the cases accept beside NumPy's, READINGS R167)."""
    x = laid_out(np.array([1.0, -2.0, 4.0]), dtypes.FLOAT64, "contiguous")
    expected = {
        "One": 7,
        "Two": math.sqrt(21),
        "Inf": 4,
        "NegOne": 1,
        "NegInf": 1,
        "Fro": math.sqrt(21),
    }
    for ord_name, value in expected.items():
        assert math.isclose(float(values(nx("norm", x, ord=ord_name))), value, rel_tol=1e-15)
    for ord_name in ("NegTwo", "Nuc"):
        with pytest.raises(InvalidArgument):
            nx("norm", x, ord=ord_name)


@SETTINGS
@given(matrices(kinds=("well",)), st.floats(0.25, 6))
def test_p_norms(drawn: Drawn, p: float):
    got = values(nx("norm", drawn.tensor, ord=Variant("P", p), axes=(-1,)))
    expected = np.linalg.norm(drawn.values, p, axis=-1)
    assert close(got, expected, 4 * drawn.n * drawn.eps)


@SETTINGS
@given(matrices(), st.sampled_from(sorted(MATRIX_ORDS)))
def test_matrix_norms_of_sums(drawn: Drawn, ord_name: str):
    got = values(nx("norm", drawn.tensor, ord=ord_name, axes=(-2, -1)))
    expected = np.linalg.norm(drawn.values, MATRIX_ORDS[ord_name], axis=(-2, -1))
    assert close(got, expected, 2 * drawn.n * drawn.eps)
    if drawn.dtype.is_complex:
        assert got.dtype == np.complex128 and np.all(got.imag == 0), "x's dtype, real values"


@SETTINGS
@given(matrices(), st.sampled_from(sorted(SINGULAR_ORDS)))
def test_matrix_norms_of_singular_values(drawn: Drawn, ord_name: str):
    got = values(nx("norm", drawn.tensor, ord=ord_name, axes=(-2, -1)))
    expected = np.linalg.norm(drawn.values, SINGULAR_ORDS[ord_name], axis=(-2, -1))
    scale = np.linalg.norm(drawn.values, 2, axis=(-2, -1)) * (
        min(drawn.values.shape[-2:]) if ord_name == "Nuc" else 1
    )
    assert close(got, expected, 0, 10 * drawn.n * drawn.eps * scale)


@SETTINGS
@given(matrices(square=True))
def test_det_and_slogdet(drawn: Drawn):
    a = drawn.values
    det = values(nx("det", drawn.tensor))
    results = nx("slogdet", drawn.tensor)
    sign, logdet = (values(t) for t in results)
    expected = np.linalg.det(a)
    # Ipsen & Rehman (2008): |det(a + E) - det(a)| <= prod(s_i + |E|_2) - prod(s_i). Both
    # the reference and NumPy are exact for some a + E with |E|_2 <= 10 n·eps·|a|_2.
    s = np.linalg.svd(a, compute_uv=False)
    delta = 10 * drawn.n * drawn.eps * s[..., :1]
    bound = 2 * (np.prod(s + delta, axis=-1) - np.prod(s, axis=-1))
    assert np.all(np.abs(det - expected) <= bound)
    # slogdet of a real matrix is float32 (as Nx 1.0.0~alpha1): logdet within float32
    # rounding of log |det| plus the backward-error bound, sign exact.
    if not drawn.dtype.is_complex:
        assert all(t.dtype is dtypes.FLOAT32 for t in results)
        with np.errstate(divide="ignore"):
            size = np.abs(expected)
            target = np.log(size)
            slack = 2.0**-23 * np.maximum(1, np.abs(target)) + bound / size
        regular = size > bound
        assert np.all((np.abs(logdet - target) <= slack)[regular])
        assert np.all((sign == np.sign(expected))[regular])
        return
    with np.errstate(over="ignore"):
        assert np.all(np.abs(sign * np.exp(logdet) - expected) <= bound)
    assert np.all((np.abs(np.abs(sign) - 1) <= 4 * drawn.eps) | (sign == 0))


@SETTINGS
@given(
    matrices(kinds=("well", "ill")), st.sampled_from([None, "Two", "NegTwo", "One", "Inf", "Fro"])
)
def test_cond(drawn: Drawn, p):
    square = drawn.values.shape[-1] == drawn.values.shape[-2]
    if not square:  # every p needs a square matrix (as Nx 1.0.0~alpha1)
        with pytest.raises(InvalidArgument):
            nx("cond", drawn.tensor, p=p)
        return
    got = values(nx("cond", drawn.tensor, p=p))
    expected = np.linalg.cond(
        drawn.values, {None: None, "Two": 2, "NegTwo": -2, "One": 1, "Inf": np.inf, "Fro": "fro"}[p]
    )
    kappa = np.linalg.cond(drawn.values)
    assert close(got, expected, 10 * drawn.n * drawn.eps * np.minimum(kappa, 1e300))


@SETTINGS
@given(matrices(kinds=("well", "deficient")), st.sampled_from([None, 1e-3]))
def test_matrix_rank(drawn: Drawn, rtol):
    for index in np.ndindex(*drawn.values.shape[:-2]):
        a = drawn.values[index]
        tensor = laid_out(dtypes.to_storage(a, drawn.dtype), drawn.dtype, "transposed")
        s = np.linalg.svd(a, compute_uv=False)
        cutoff = (rtol if rtol is not None else max(a.shape) * drawn.eps) * s.max(initial=0)
        if np.any((s > cutoff / 4) & (s < cutoff * 4)):
            continue  # a singular value at the cutoff: either decision is right
        assert nx("matrix_rank", tensor, rtol=rtol) == int(np.sum(s > cutoff))


@SETTINGS
@given(matrices(), st.integers(-7, 7))
def test_trace(drawn: Drawn, offset: int):
    got = values(nx("trace", drawn.tensor, offset=offset))
    expected = np.trace(drawn.values, offset=offset, axis1=-2, axis2=-1)
    assert close(
        got, expected, 0, drawn.n * drawn.eps * np.sum(np.abs(drawn.values), axis=(-2, -1))
    )


def test_huge_norms_do_not_overflow():
    """Norms are the rounded mathematical values (IEEE 754): a representable 2-norm does not
    overflow or underflow through its squares (Nx 1.0.0~alpha1 does: upstream)."""
    x = laid_out(np.array([3e300, 4e300]), dtypes.FLOAT64, "contiguous")
    assert math.isclose(float(values(nx("norm", x))), 5e300, rel_tol=1e-15)
    tiny = laid_out(np.array([3e-300, 4e-300]), dtypes.FLOAT64, "contiguous")
    assert math.isclose(float(values(nx("norm", tiny))), 5e-300, rel_tol=1e-15)
