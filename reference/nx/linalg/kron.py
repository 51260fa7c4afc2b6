"""kron: the Kronecker product (nx.txt, "Linear Algebra").

Operands of one rank give a result of dimension a.shape[i] * b.shape[i] on each axis i,
made of blocks: the block at position (i0, i1, ...) is a[i0, i1, ...] * b. Element-wise:
result[i * b.shape + j] = a[i] * b[j], axis by axis.
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "kron")
def kron(a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype("kron", a, b)
    # Note: R152 — the documentation gives the rule for equal ranks only. As Nx 1.0.0~alpha1, a
    # 1-D operand beside a 2-D one is a column [n; 1] (NumPy would make it a row [1; n]);
    # other ranks that differ, 0-D operands included, raise.
    shape_a, shape_b = a.shape, b.shape
    if a.ndim != b.ndim:
        require(
            {a.ndim, b.ndim} == {1, 2},
            "kron",
            f"shapes {list(a.shape)} and {list(b.shape)}: operands of different ranks "
            f"must be a 1-D and a 2-D one",
        )
        shape_a = (*shape_a, 1) if a.ndim == 1 else shape_a
        shape_b = (*shape_b, 1) if b.ndim == 1 else shape_b
    # Interleave the axes: a as (a0, 1, a1, 1, ...) and b as (1, b0, 1, b1, ...), so that
    # their product, read row-major, is (a0 * b0, a1 * b1, ...) with a's index major.
    spread_a = wide(a).reshape([size for dim in shape_a for size in (dim, 1)])
    spread_b = wide(b).reshape([size for dim in shape_b for size in (1, dim)])
    with np.errstate(all="ignore"):
        blocks = spread_a * spread_b
    shape = tuple(p * q for p, q in zip(shape_a, shape_b, strict=True))
    return Tensor.from_values(blocks.reshape(shape), dtype)
