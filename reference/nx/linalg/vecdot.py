"""vecdot: dot products of the vectors along an axis (nx.txt, "Linear Algebra").

The operands are multiplied element-wise, broadcasting as the arithmetic does, and the
products are summed along `axis` (default -1) of the broadcast shape: each result
element is sum_i conj(x1_i) * x2_i over the vectors along that axis. "Unlike vdot which
always flattens" (nx.txt:1784): vecdot is vdot along an axis, so the first operand is
conjugated as vdot's is ("conjugates first vector", nx.txt:1778). The vectors along `axis`
must have one length: "@raise Invalid_argument if specified axis dimensions differ"
(nx.mli:2464, the interface file).
"""

import numpy as np

from reference.errors import check_axis, require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import summed_products
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "vecdot")
def vecdot(x1: Tensor, x2: Tensor, *, axis: int = -1) -> Tensor:
    dtype = same_dtype("vecdot", x1, x2)
    # Note: R143 — the first operand is conjugated (vdot's rule; Nx 1.0.0~alpha1 does not:
    # upstream). Note: R144 — the other axes broadcast and two 0-D operands give their
    # product, as Nx 1.0.0~alpha1; the cases also accept a refusal of the latter.
    # "@raise Invalid_argument if specified axis dimensions differ" (nx.mli:2464): the
    # vectors' own axis does not broadcast, a length of 1 against 3 raises.
    ndim = max(x1.ndim, x2.ndim)
    if ndim:
        k = check_axis("vecdot", axis, ndim)
        n1, n2 = ((1,) * (ndim - t.ndim) + tuple(t.shape) for t in (x1, x2))
        require(
            n1[k] == n2[k],
            "vecdot",
            f"axis {axis}: the vectors have lengths {n1[k]} and {n2[k]} (nx.mli:2464)",
        )
    if dtype.is_complex:
        x1 = Tensor.from_values(np.conj(x1.array()), dtype)
    with np.errstate(all="ignore"):
        return Tensor.from_values(summed_products("vecdot", x1, x2, axis), dtype)
