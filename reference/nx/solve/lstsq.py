"""lstsq: the least-squares solution of a x = b (seed 001, "Solving Linear Systems").

`lstsq ?rcond a b` returns (x, residuals, rank, singular_values) for an m×n matrix a
and b of m elements (one right-hand side) or m×k (k of them), through the singular
value decomposition a = U diag(s) V^H (`_cores/svd.py`):

- singular values s_i <= rcond · s_max count as zero; `rank` is the number of the others;
- x = V diag(1/s_i, or 0 for the zero ones) U^H b: the x of least |a x - b| and, among
  those, of least |x| (so under-determined and rank-deficient systems get the minimum-norm
  solution, documented: "handles over/under-determined systems");
- residuals: the squared 2-norm |b - a x|² of each right-hand side when the rank is n and
  m > n, else an empty tensor (NumPy `lstsq`), in a's dtype;
- singular_values: s, descending, float64 (the documented type).
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
def lstsq(a: Tensor, b: Tensor, *, rcond: float | None = None
          ) -> tuple[Tensor, Tensor, int, Tensor]:
    same_dtype("lstsq", a, b)
    # Note: R162 — the rank is one int, so a is one matrix (no batch), as in NumPy.
    require(a.ndim == 2, "lstsq", f"a has shape {list(a.shape)}; it must be one matrix (2-D)")
    left = matrices("lstsq", a)
    right = float_values("lstsq", b)
    m, n = a.shape
    vector = b.ndim == 1
    require(b.ndim in (1, 2) and b.shape[0] == m, "lstsq",
            f"b has shape {list(b.shape)}; it must be 1-D or 2-D with {m} rows, the rows of a")
    if vector:
        right = right[:, None]
    if rcond is None:
        # Note: R162 — the documented default is "machine precision": eps of a's dtype (of its
        # parts for a complex dtype), relative to the largest singular value. NumPy's
        # default is max(M, N) times larger.
        rcond = float(ml_dtypes.finfo(real_dtype(a.dtype).storage).eps)
    u, s, vh = svd(left, vectors=True)
    kept = s > rcond * np.max(s, initial=0.0)
    rank = int(np.add.reduce(kept))
    with np.errstate(all="ignore"):
        inverse = np.where(kept, 1 / np.where(kept, s, 1), 0)
        x = matmul(conj_t(vh) * inverse, matmul(conj_t(u), right))
        if rank == n and m > n:
            residuals = np.add.reduce(np.abs(right - matmul(left, x)) ** 2, axis=0)
        else:
            residuals = np.zeros(0)
    return (Tensor.from_values(x[:, 0] if vector else x, a.dtype),
            Tensor.from_values(residuals, a.dtype), rank, Tensor.from_values(s, FLOAT64))
