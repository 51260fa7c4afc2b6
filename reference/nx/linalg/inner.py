"""inner: the inner product over the last axes (nx.txt, "Linear Algebra").

"Sums products over last axes of a and b": the operands are multiplied element-wise,
broadcasting as the arithmetic does, and the products are summed along the last axis (no
conjugation). For 1-D operands that is the ordinary inner product sum_i a_i * b_i (a 0-D
tensor). The last axes must have the same size.
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import summed_products
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "inner")
def inner(a: Tensor, b: Tensor) -> Tensor:
    dtype = same_dtype("inner", a, b)
    # Note: R141 — the documentation does not say whether the vectors of a and b all meet
    # (NumPy's `inner`, shape a.shape[:-1] + b.shape[:-1]) or pair up by broadcasting;
    # as Nx 1.0.0~alpha1, they pair up: inner is vecdot over the last axis. A 0-D operand
    # has no last axis and raises.
    require(
        a.ndim > 0 and b.ndim > 0,
        "inner",
        f"shapes {list(a.shape)} and {list(b.shape)}: a 0-D operand has no last axis",
    )
    require(
        a.shape[-1] == b.shape[-1],
        "inner",
        f"shapes {list(a.shape)} and {list(b.shape)}: the last axes have sizes "
        f"{a.shape[-1]} and {b.shape[-1]}; they must be equal",
    )
    with np.errstate(all="ignore"):
        return Tensor.from_values(summed_products("inner", a, b, -1), dtype)
