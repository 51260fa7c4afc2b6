"""matmul: the matrix product with NumPy's `@` rules (nx.txt, "Linear Algebra").

Both operands have at least one dimension and one dtype. The last two axes are the
matrices, (..., m, k) times (..., k, n); the axes before them are batch axes and
broadcast together, giving (batch..., m, n). A 1-D first operand is a 1 x k row and a
1-D second operand a k x 1 column, and the added axis is removed from the result:
1-D x 1-D is the inner product (a 0-D tensor), 1-D x (..., k, n) is (..., n) and
(..., m, k) x 1-D is (..., m). The inner sizes must agree.
"""

import numpy as np

from reference.broadcast import broadcast_shapes
from reference.errors import require
from reference.nx._cores import matmul as core
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import product_tensor, wide
from reference.registry import op
from reference.tensor import Tensor


def matrix_product(function: str, a: Tensor, b: Tensor) -> Tensor:
    """The matrix product of a and b under the rules above (shared by `matmul` and `dot`)."""
    dtype = same_dtype(function, a, b)
    # Note: R139 — the documented rules start at 1-D and contract "the last axis of a", which a
    # 0-D tensor lacks; NumPy's `@` refuses scalars too (NumPy's `dot` would multiply,
    # but Nx's `dot` is not NumPy's, see dot.py). A 0-D operand raises Invalid_argument.
    require(
        a.ndim >= 1 and b.ndim >= 1,
        function,
        f"operands of shapes {list(a.shape)} and {list(b.shape)}: both need at least one dimension",
    )
    x = wide(a)[np.newaxis, :] if a.ndim == 1 else wide(a)
    y = wide(b)[:, np.newaxis] if b.ndim == 1 else wide(b)
    require(
        x.shape[-1] == y.shape[-2],
        function,
        f"shapes {list(a.shape)} and {list(b.shape)}: the last axis of the first "
        f"({x.shape[-1]}) must equal the {'only' if b.ndim == 1 else 'second-to-last'} "
        f"axis of the second ({y.shape[-2]})",
    )
    broadcast_shapes(function, x.shape[:-2], y.shape[:-2])
    product = core.matmul(x, y)
    if a.ndim == 1:
        product = product[..., 0, :]
    if b.ndim == 1:
        product = product[..., 0]
    return product_tensor(product, dtype)


@op("nx", "matmul")
def matmul(a: Tensor, b: Tensor) -> Tensor:
    return matrix_product("matmul", a, b)
