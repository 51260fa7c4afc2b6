"""matrix_power: a square matrix raised to an integer power (nx.txt, "Linear Algebra").

For n > 0 the product a·a·...·a of n factors; for n = 0 the identity matrix of
a's size and dtype; for n < 0 the |n|-th power of inv(a) (documented). The matrices are
the last two axes, which must be equal; axes before them are a batch, each matrix
raised on its own (NumPy `matrix_power`), except for n = 0 (see the note).

"@raise Invalid_argument if input is not float or complex" (nx.mli:2538; the interface
file, whose @raise lines the rendered page lost): integer and bool matrices raise for
every power, n = 0 included.

The power is computed by binary exponentiation (repeated squaring, Knuth, TAOCP vol. 2,
section 4.6.3): O(log n) matrix products instead of n - 1, on the exact wide values,
rounded once.
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.matmul import matmul
from reference.nx.linalg._common import product_tensor, wide
from reference.registry import lookup, op
from reference.tensor import Tensor


@op("nx", "matrix_power")
def matrix_power(a: Tensor, n: int) -> Tensor:
    require(
        a.ndim >= 2 and a.shape[-1] == a.shape[-2],
        "matrix_power",
        f"input of shape {list(a.shape)}: the last two axes must form square matrices",
    )
    require(
        a.dtype.is_float or a.dtype.is_complex,
        "matrix_power",
        f"{a.dtype.name} input: the input must be float or complex (nx.mli:2538)",
    )
    size = a.shape[-1]
    if n == 0:
        # Note: R153 — "n = 0: identity matrix". For a batch the documentation is silent; as Nx
        # 1.0.0~alpha1 the result is one identity matrix, not one per matrix of the batch.
        return Tensor.from_values(np.eye(size, dtype=np.int64), a.dtype)
    if n < 0:
        # a singular matrix raises in inv (nx.mli:2539)
        a, n = lookup("nx", "inv").function(a), -n
    square, power = wide(a), None
    while n:
        if n & 1:
            power = square if power is None else matmul(power, square)
        n >>= 1
        if n:
            square = matmul(square, square)
    return product_tensor(power, a.dtype)
