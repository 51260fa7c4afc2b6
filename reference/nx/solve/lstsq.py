"""lstsq: the least-squares solution of a x = b (nx.txt, "Solving Linear Systems").

`lstsq ?rcond a b` returns (x, residuals, rank, singular_values) for an m×n matrix a
and b of m elements (one right-hand side) or m×k (k of them), through the singular value
decomposition
a = U diag(s) V^H (`_cores/svd.py`):

- singular values s_i <= rcond · s_max count as zero; `rank` is the number of the others;
- x = V diag(1/s_i, or 0 for the zero ones) U^H b: the x of least |a x - b| and, among
  those, of least |x| (so under-determined and rank-deficient systems get the minimum-norm
  solution, documented: "handles over/under-determined systems");
- residuals: the squared 2-norm |b - a x|² of each right-hand side when m > n, a 0-D
  tensor for one right-hand side; a 0-D zero when m <= n; in a's dtype;
- singular_values: s, descending, float64 (the documented type).

The rank is one int (nx.mli:2734), the rank of one matrix: a batch of matrices, which has
no single rank, raises (as matrix_rank). The residuals' shape is not documented; the
reference gives Nx 1.0.0~alpha1's, one of the two the cases accept (see the note).
"""

import ml_dtypes
import numpy as np

from reference.dtypes import FLOAT64
from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.matmul import matmul
from reference.nx._cores.matrices import conj_t, float_values, matrices, real_dtype
from reference.nx._cores.svd import svd
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "lstsq")
def lstsq(
    a: Tensor, b: Tensor, *, rcond: float | None = None
) -> tuple[Tensor, Tensor, int, Tensor]:
    same_dtype("lstsq", a, b)
    require(
        a.ndim == 2,
        "lstsq",
        f"a has shape {list(a.shape)}; the one int rank is that of one matrix, not a batch",
    )
    left = matrices("lstsq", a)
    right = float_values("lstsq", b)
    m, n = a.shape[-2:]
    vector = b.ndim == 1
    require(
        b.ndim in (1, 2) and b.shape[0] == m,
        "lstsq",
        f"b has shape {list(b.shape)}; it must be a vector of {m} elements or a matrix "
        f"of {m} rows, the rows of a",
    )
    if vector:
        right = right[:, None]
    if rcond is None:
        # Note: R162 — the documented default is "machine precision": eps of a's dtype (of its
        # parts for a complex dtype), relative to the largest singular value. NumPy's
        # default is max(M, N) times larger.
        rcond = float(ml_dtypes.finfo(real_dtype(a.dtype).storage).eps)
    u, s, vh = svd(left, vectors=True)
    kept = s > rcond * np.max(s, initial=0.0)
    rank = int(np.add.reduce(kept, axis=None))
    with np.errstate(all="ignore"):
        inverse = np.where(kept, 1 / np.where(kept, s, 1), 0)
        x = matmul(conj_t(vh) * inverse[..., None, :], matmul(conj_t(u), right))
        # Note: R162 — the cases accept NumPy's residuals (shape (k,) for a full-rank m > n
        # system, empty otherwise) or Nx 1.0.0~alpha1's, which the reference gives: whenever
        # m > n, |b - a x|² per right-hand side, a 0-D tensor for a vector b; a 0-D zero
        # when m <= n.
        if m > n:
            residuals = np.add.reduce(np.abs(right - matmul(left, x)) ** 2, axis=-2)
            residuals = residuals[..., 0] if vector else residuals
        else:
            residuals = np.zeros(())
    return (
        Tensor.from_values(x[..., 0] if vector else x, a.dtype),
        Tensor.from_values(residuals, a.dtype),
        rank,
        Tensor.from_values(s, FLOAT64),
    )
