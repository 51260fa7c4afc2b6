"""qr: the QR decomposition a = Q R (nx.txt, "Matrix Decompositions").

`qr ?mode a` returns (Q, R) with Q having orthonormal columns (unitary for complex) and
R upper triangular. For an m×n matrix and k = min(m, n): `` `Reduced `` (the documented
default) gives Q m×k and R k×n; `` `Complete `` gives Q m×m and R m×n. Q and R are not
unique (each column of Q may change sign or phase with the row of R): cases check the
defining properties. A batch of matrices (the last two axes) is decomposed matrix by
matrix. The numeric core is `_cores/qr.py` (Householder QR, GVL Algorithm 5.2.1).
"""

from reference.errors import require
from reference.nx._cores.matrices import matrices
from reference.nx._cores.qr import householder_qr
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "qr")
def qr(a: Tensor, *, mode: str = "Reduced") -> tuple[Tensor, Tensor]:
    require(mode in ("Reduced", "Complete"), "qr",
            f"mode is `{mode}; it must be `Reduced or `Complete")
    q, r = householder_qr(matrices("qr", a), complete=mode == "Complete")
    return Tensor.from_values(q, a.dtype), Tensor.from_values(r, a.dtype)
