"""kron: the Kronecker product (seed 001, "Linear Algebra").

The operands are given the same rank by prepending axes of size 1 to the lower-rank one
(NumPy `kron`); the result has dimension a.shape[i] * b.shape[i] on each axis i, and is
made of blocks: the block at position (i0, i1, ...) is a[i0, i1, ...] * b. Element-wise:
result[i * b.shape + j] = a[i] * b[j], axis by axis.
"""

import numpy as np

from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "kron")
def kron(a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype("kron", a, b)
    # Note: R152 — the documentation gives the rule for equal ranks only; a lower-rank operand
    # gets leading axes of size 1, as in NumPy (READINGS R3).
    rank = max(a.ndim, b.ndim)
    shape_a = (1,) * (rank - a.ndim) + a.shape
    shape_b = (1,) * (rank - b.ndim) + b.shape
    # Interleave the axes: a as (a0, 1, a1, 1, ...) and b as (1, b0, 1, b1, ...), so that
    # their product, read row-major, is (a0 * b0, a1 * b1, ...) with a's index major.
    spread_a = wide(a).reshape([size for dim in shape_a for size in (dim, 1)])
    spread_b = wide(b).reshape([size for dim in shape_b for size in (1, dim)])
    with np.errstate(all="ignore"):
        blocks = spread_a * spread_b
    shape = tuple(p * q for p, q in zip(shape_a, shape_b, strict=True))
    return Tensor.from_values(blocks.reshape(shape), dtype)
