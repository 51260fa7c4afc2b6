"""vecdot: dot products of the vectors along an axis (nx.txt, "Linear Algebra").

The operands are multiplied element-wise, broadcasting as the arithmetic does, and the
products are summed along `axis` (default -1) of the broadcast shape: each result
element is sum_i x1_i * x2_i over the vectors along that axis. Unlike vdot, nothing is
flattened.
"""

import numpy as np

from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import summed_products
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "vecdot")
def vecdot(x1: Tensor, x2: Tensor, *, axis: int = -1) -> Tensor:
    dtype = same_dtype("vecdot", x1, x2)
    # Note: R143 — as Nx 1.0.0~alpha1 (the documentation contrasts vecdot with vdot only in
    # flattening): the first operand is not conjugated, the vectors broadcast like every
    # other axis (a length of 1 meets any length), and two 0-D operands give their product.
    with np.errstate(all="ignore"):
        return Tensor.from_values(summed_products("vecdot", x1, x2, axis), dtype)
