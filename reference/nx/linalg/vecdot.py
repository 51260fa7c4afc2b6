"""vecdot: dot products of the vectors along an axis (nx.txt, "Linear Algebra").

The operands are multiplied element-wise, broadcasting as the arithmetic does, and the
products are summed along `axis` (default -1) of the broadcast shape: each result
element is sum_i conj(x1_i) * x2_i over the vectors along that axis. "Unlike vdot which
always flattens" (nx.txt:1784): vecdot is vdot along an axis, so the first operand is
conjugated as vdot's is ("conjugates first vector", nx.txt:1778).
"""

import numpy as np

from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import summed_products
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "vecdot")
def vecdot(x1: Tensor, x2: Tensor, *, axis: int = -1) -> Tensor:
    dtype = same_dtype("vecdot", x1, x2)
    # Note: R143 — the first operand is conjugated (vdot's rule; Nx 1.0.0~alpha1 does not:
    # upstream). Note: R144 — the vectors broadcast like every other axis (a length of 1 meets
    # any length) and two 0-D operands give their product, as Nx 1.0.0~alpha1; the cases also
    # accept a refusal of both.
    if dtype.is_complex:
        x1 = Tensor.from_values(np.conj(x1.array()), dtype)
    with np.errstate(all="ignore"):
        return Tensor.from_values(summed_products("vecdot", x1, x2, axis), dtype)
