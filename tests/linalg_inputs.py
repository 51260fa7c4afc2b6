"""Matrices for the tests of the linear-algebra cores (test_decompositions, test_eigen,
test_norms, test_solve), and the units their accuracy is stated in.

A drawn matrix has a dtype (float32, float64, complex32, complex64), a batch shape, a
size, a conditioning and a memory layout:

- `well`: independent standard normal entries (condition numbers of a few tens);
- `ill`: U diag(s) V^H with Haar-random unitary U, V and singular values s spread
  geometrically from 1 down to 1e-12 (float64) or 1e-5 (float32), so kappa ~ 1/eps^(3/4);
- `deficient`: like `ill`, with about half of the singular values exactly zero before the
  entries are rounded into the dtype;
- `hilbert`: the Hilbert matrix 1/(i + j + 1), the classic ill-conditioned case.

Accuracy is stated as a backward error in units of n·eps: |residual|_F / (|a|_F · n · eps),
n the larger matrix dimension and eps the machine epsilon of the dtype (2^-52 for
float64 / complex64, 2^-23 for float32 / complex32), the units the case notes use.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from reference import dtypes, registry
from reference.dtypes import DType
from reference.tensor import Tensor
from tests.strided_tensors import laid_out

registry.load_all()

BOUND = 10.0
"""The tolerance of the spec's property cases, and of these tests: 10·n·eps."""
SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
INEXACT = (dtypes.FLOAT32, dtypes.FLOAT64, dtypes.COMPLEX32, dtypes.COMPLEX64)
EPS = {dtypes.FLOAT32: 2.0**-23, dtypes.COMPLEX32: 2.0**-23,
       dtypes.FLOAT64: 2.0**-52, dtypes.COMPLEX64: 2.0**-52}
LAYOUTS = ("contiguous", "transposed", "spaced", "offset")
KINDS = ("well", "ill", "deficient", "hilbert")


def nx(name: str, *args, **kwargs):
    """Call the reference's `nx.name`."""
    return registry.lookup("nx", name).function(*args, **kwargs)


@dataclass
class Drawn:
    """A drawn batch of matrices: the stored values (as float64 / complex128) and the
    reference tensor holding them in the drawn layout."""

    values: np.ndarray
    tensor: Tensor
    dtype: DType
    kind: str

    @property
    def eps(self) -> float:
        return EPS[self.dtype]

    @property
    def n(self) -> int:
        return max(*self.values.shape[-2:], 1)


def unitary(rng: np.random.Generator, n: int, complex_: bool) -> np.ndarray:
    """A Haar-random unitary (orthogonal) matrix: Q of the QR of a Gaussian matrix, with
    the phases of R's diagonal moved into Q (Mezzadri 2007)."""
    z = rng.standard_normal((n, n)) + (1j * rng.standard_normal((n, n)) if complex_ else 0)
    q, r = np.linalg.qr(z)
    d = np.diagonal(r)
    return q * np.where(d == 0, 1, d / np.abs(np.where(d == 0, 1, d)))


def matrix(rng: np.random.Generator, m: int, n: int, kind: str, dtype: DType) -> np.ndarray:
    """One m×n matrix of the kind, before rounding into the dtype."""
    complex_ = dtype.is_complex
    if kind == "hilbert":
        return 1.0 / (np.arange(m)[:, None] + np.arange(n)[None, :] + 1)
    if kind == "well":
        a = rng.standard_normal((m, n))
        return a + 1j * rng.standard_normal((m, n)) if complex_ else a
    k = min(m, n)
    low = 1e-5 if EPS[dtype] > 1e-10 else 1e-12
    s = np.geomspace(1.0, low, k) if k > 1 else np.ones(k)
    if kind == "deficient":
        s[k // 2 + 1:] = 0
    u, v = unitary(rng, m, complex_)[:, :k], unitary(rng, n, complex_)[:, :k]
    return (u * s) @ v.conj().T


@st.composite
def matrices(draw, *, square: bool = False, kinds=KINDS, dtypes_=INEXACT, max_size: int = 6,
             min_size: int = 1, batch: bool = True) -> Drawn:
    """A (batch of) matrices in a drawn dtype, size, conditioning and layout."""
    dtype = draw(st.sampled_from(dtypes_))
    kind = draw(st.sampled_from(kinds))
    m = draw(st.integers(min_size, max_size))
    n = m if square else draw(st.integers(min_size, max_size))
    shape = draw(st.sampled_from(((), (2,), (1, 2)))) if batch else ()
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    stack = np.array([matrix(rng, m, n, kind, dtype) for _ in range(int(np.prod(shape)))])
    values = dtypes.to_storage(stack.reshape(*shape, m, n), dtype)
    tensor = laid_out(values, dtype, draw(st.sampled_from(LAYOUTS)))
    wide = values.astype(np.complex128 if dtype.is_complex else np.float64)
    return Drawn(wide, tensor, dtype, kind)


def hermitian(drawn: Drawn) -> Drawn:
    """The Hermitian part (a + a^H)/2 of a drawn batch of square matrices, stored again."""
    a = drawn.values
    h = dtypes.to_storage((a + np.conj(np.swapaxes(a, -1, -2))) / 2, drawn.dtype)
    wide = h.astype(a.dtype)
    return Drawn(wide, laid_out(h, drawn.dtype, "contiguous"), drawn.dtype, drawn.kind)


def values(t: Tensor) -> np.ndarray:
    """A reference result as float64 / complex128."""
    v = t.values()
    return v.astype(np.complex128 if np.iscomplexobj(v) else np.float64)


def ct(x: np.ndarray) -> np.ndarray:
    """Conjugate transpose of the last two axes."""
    return np.conj(np.swapaxes(x, -1, -2))


def units(error: np.ndarray, scale: np.ndarray, drawn: Drawn) -> float:
    """The worst error / (scale · n · eps) over the batch (0 where both are 0)."""
    error, scale = np.asarray(error, dtype=float), np.asarray(scale, dtype=float)
    bound = scale * drawn.n * drawn.eps
    ratio = np.where(error == 0, 0.0, error / np.where(bound > 0, bound, np.finfo(float).tiny))
    return float(np.max(ratio, initial=0.0))


def frobenius(x: np.ndarray) -> np.ndarray:
    """The Frobenius norm of each matrix of a batch."""
    return np.sqrt(np.sum(np.abs(x) ** 2, axis=(-2, -1)))


def orthonormality(q: np.ndarray, drawn: Drawn, columns: bool = True) -> float:
    """|Q^H Q - I|_F (columns) or |Q Q^H - I|_F (rows), in units of n·eps."""
    gram = ct(q) @ q if columns else q @ ct(q)
    eye = np.eye(gram.shape[-1])
    return units(frobenius(gram - eye), np.ones(gram.shape[:-2]), drawn)


def sample(seed: int, sizes: tuple[tuple[int, int], ...]):
    """A fixed sample: one matrix of every dtype, kind and size (m, n), contiguous."""
    rng = np.random.default_rng(seed)
    for dtype in INEXACT:
        for kind in KINDS:
            for m, n in sizes:
                stored = dtypes.to_storage(matrix(rng, m, n, kind, dtype), dtype)
                wide = stored.astype(np.complex128 if dtype.is_complex else np.float64)
                yield Drawn(wide, laid_out(stored, dtype, "contiguous"), dtype, kind)


def report(worst: dict[tuple[str, str], float]) -> None:
    """Print the worst measured figures (pytest -s shows them) and check the bound."""
    for (what, width), value in sorted(worst.items()):
        print(f"{what:>24} {width}: {value:.3f} n·eps")
        assert value <= BOUND, (what, width)


def record(worst: dict[tuple[str, str], float], drawn: Drawn, figures: dict[str, float]) -> None:
    """Keep the worst value of each figure, per width (float32 or float64 parts)."""
    width = "float32" if drawn.eps > 1e-10 else "float64"
    for what, value in figures.items():
        worst[(what, width)] = max(worst.get((what, width), 0.0), value)
