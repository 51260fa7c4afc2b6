"""slogdet: the sign and the logarithm of the absolute value of a determinant (nx.txt,
"Norms and Condition Numbers").

`slogdet a` returns (sign, logdet) with det a = sign · exp(logdet) (documented), from
the LU factorisation P A = L U: logdet = sum log |u_ii|, which neither overflows nor
underflows where the determinant itself would, and sign = det P · prod (u_ii / |u_ii|):
±1 for a real matrix, a complex number of modulus 1 for a complex one. A singular
matrix gives sign 0 and logdet -inf (NumPy); a 0×0 matrix gives (1, 0). A batch of
matrices gives tensors of the batch's shape. The numeric core is `_cores/lu.py`.
"""

import numpy as np

from reference.dtypes import FLOAT32
from reference.nx._cores.lu import lu_factor
from reference.nx._cores.matrices import matrices, real_dtype
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "slogdet")
def slogdet(a: Tensor) -> tuple[Tensor, Tensor]:
    factors = lu_factor(matrices("slogdet", a, square=True))
    pivots = factors.diagonal()
    size = np.abs(pivots)
    with np.errstate(all="ignore"):
        phases = np.where(size > 0, pivots / np.where(size > 0, size, 1), 0)
        sign = (-1.0) ** factors.swaps * np.multiply.reduce(phases, axis=-1)
        logdet = np.add.reduce(np.log(size), axis=-1)
    # Note: R158 — the documentation gives no dtypes. As Nx 1.0.0~alpha1, sign and logdet of a
    # real matrix are float32 tensors, whatever its width. A complex matrix's sign is
    # complex: it keeps a's dtype, and logdet takes the real dtype of a's width.
    if a.dtype.is_complex:
        return Tensor.from_values(sign, a.dtype), Tensor.from_values(logdet, real_dtype(a.dtype))
    return Tensor.from_values(sign, FLOAT32), Tensor.from_values(logdet, FLOAT32)
