"""The reference's "Matrix Decompositions" (cholesky, qr, svd, svdvals) against NumPy, and
their invariants checked directly, on drawn matrices (`tests/linalg_inputs.py`): well- and
ill-conditioned, rank-deficient and Hilbert, batched, complex, float32 and float64, in
contiguous and strided layouts.

Accuracy claimed and checked, in units of n·eps (n the larger dimension, eps the machine
epsilon of the dtype), with the bound 10 that the spec's property cases use:

- reconstruction: |a - Q R|_F, |a - U diag(S) Vh|_F, |a - L L^H|_F <= 10 n·eps·|a|_F;
- orthonormality: |Q^H Q - I|_F, |U^H U - I|_F, |Vh Vh^H - I|_F <= 10 n·eps;
- singular values: |S - S_numpy| <= 10 n·eps·|a|_2 (Weyl: a backward error E moves each
  singular value by at most |E|_2), and they are in descending order;
- the unique |diag R| of QR: within 10 n·eps·|a|_F of NumPy's;
- Cholesky L: within 10 n·eps·kappa·sqrt(max |a_ij|) of NumPy's (a perturbation bound of
  the factor).

`test_measured_accuracy` prints the worst figures over a fixed sample of every kind and
dtype at sizes up to 12 (pytest -s shows them). Measured, float64 / complex64 (LAPACK
through NumPy on the same sample in brackets): QR reconstruction 0.6 (0.7) and
orthonormality 0.9 (1.2) n·eps; SVD reconstruction 1.5 (1.3), orthonormality 3.9 (2.2:
the V of one-sided Jacobi takes one rounding per rotation), singular values 0.7 n·eps.
float32 / complex32: every figure below 0.3 n·eps, the cores running in float64 and
rounding once.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from reference.errors import InvalidArgument
from tests.linalg_inputs import (
    BOUND,
    SETTINGS,
    Drawn,
    ct,
    frobenius,
    hermitian,
    matrices,
    nx,
    orthonormality,
    record,
    report,
    sample,
    units,
    values,
)


def reconstruction(drawn: Drawn, product: np.ndarray) -> float:
    return units(frobenius(drawn.values - product), frobenius(drawn.values), drawn)


@SETTINGS
@given(matrices())
def test_qr_reconstructs_with_orthonormal_q_and_triangular_r(drawn: Drawn):
    for mode in ("Reduced", "Complete"):
        q, r = (values(t) for t in nx("qr", drawn.tensor, mode=mode))
        m, n = drawn.values.shape[-2:]
        k = m if mode == "Complete" else min(m, n)
        assert q.shape[-2:] == (m, k) and r.shape[-2:] == (k, n)
        assert reconstruction(drawn, q @ r) <= BOUND
        assert orthonormality(q, drawn) <= BOUND
        assert np.all(np.tril(r, -1) == 0), "R has exact zeros below the diagonal"
        if drawn.kind != "well":
            # |diag R| is unique, but only forward-stable for a well-conditioned matrix;
            # for the others the backward-error checks above are what stability promises.
            continue
        expected = np.abs(np.diagonal(np.linalg.qr(drawn.values, mode="r"), axis1=-2, axis2=-1))
        got = np.abs(np.diagonal(r, axis1=-2, axis2=-1))[..., :expected.shape[-1]]
        assert units(np.abs(got - expected), frobenius(drawn.values)[..., None], drawn) <= BOUND


@SETTINGS
@given(matrices())
def test_svd_matches_numpy_and_its_invariants(drawn: Drawn):
    expected = np.linalg.svd(drawn.values, compute_uv=False)
    norm2 = expected[..., :1] if expected.shape[-1] else np.zeros((*expected.shape[:-1], 1))
    for full in (False, True):
        u, s, vh = (values(t) for t in nx("svd", drawn.tensor, full_matrices=full))
        k = s.shape[-1]
        assert units(np.abs(s - expected), norm2, drawn) <= BOUND
        assert np.all(s[..., :-1] >= s[..., 1:]), "descending"
        assert reconstruction(drawn, (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]) <= BOUND
        assert orthonormality(u, drawn) <= BOUND
        assert orthonormality(vh, drawn, columns=False) <= BOUND
        m, n = drawn.values.shape[-2:]
        assert u.shape[-2:] == ((m, m) if full else (m, k))
        assert vh.shape[-2:] == ((n, n) if full else (k, n))


@SETTINGS
@given(matrices())
def test_svdvals_are_the_singular_values_of_svd(drawn: Drawn):
    _, s, _ = nx("svd", drawn.tensor)
    s = values(s)
    got = values(nx("svdvals", drawn.tensor))
    largest = s[..., :1] if s.shape[-1] else np.zeros((*s.shape[:-1], 1))
    assert units(np.abs(got - s), largest, drawn) <= 1, "the same values, up to rounding"


@SETTINGS
@given(matrices(square=True, kinds=("well", "ill", "hilbert")))
def test_cholesky_of_positive_definite_matrices(drawn: Drawn):
    # a a^H + c I is positive definite; with the ill-conditioned kinds its condition
    # number is up to about 1/eps^(3/2) of the dtype before the shift.
    a = drawn.values
    gram = a @ ct(a) + np.eye(a.shape[-1]) * drawn.eps ** 0.5 * frobenius(a)[..., None, None] ** 2
    spd = hermitian(Drawn(gram, drawn.tensor, drawn.dtype, drawn.kind))
    for upper in (False, True):
        factor = values(nx("cholesky", spd.tensor, upper=upper))
        lower = ct(factor) if upper else factor
        assert np.all(np.triu(lower, 1) == 0)
        assert np.all(np.diagonal(lower, axis1=-2, axis2=-1).real > 0)
        assert reconstruction(spd, lower @ ct(lower)) <= BOUND
        expected = np.linalg.cholesky(spd.values)
        kappa = np.linalg.cond(spd.values)[..., None, None]
        error = np.abs(lower - expected) / (kappa * np.abs(spd.values).max(axis=(-2, -1), keepdims=True) ** 0.5)
        assert units(error, np.ones_like(error), spd) <= BOUND


@SETTINGS
@given(matrices(square=True, kinds=("well",), batch=False, min_size=2))
def test_cholesky_refuses_indefinite_matrices(drawn: Drawn):
    h = hermitian(drawn)
    w = np.linalg.eigvalsh(h.values)
    if w[0] > 0:
        return  # positive definite by chance: nothing to refuse
    with pytest.raises(InvalidArgument):
        nx("cholesky", h.tensor)


def test_measured_accuracy():
    """The worst figures over a fixed sample of every kind, dtype and a few sizes."""
    worst: dict[tuple[str, str], float] = {}
    for drawn in sample(2024, ((3, 3), (6, 4), (4, 6), (12, 12))):
        q, r = (values(t) for t in nx("qr", drawn.tensor))
        u, s, vh = (values(t) for t in nx("svd", drawn.tensor))
        expected = np.linalg.svd(drawn.values, compute_uv=False)
        record(worst, drawn, {
            "qr reconstruction": reconstruction(drawn, q @ r),
            "qr orthonormality": orthonormality(q, drawn),
            "svd reconstruction": reconstruction(drawn, (u * s) @ vh),
            "svd orthonormality": max(orthonormality(u, drawn),
                                      orthonormality(vh, drawn, columns=False)),
            "singular values": units(np.abs(s - expected), expected[:1], drawn),
        })
    report(worst)
