"""max: the largest element over `?axes` (nx.txt, "Reduction Operations").

Axes and `keepdims` as for `sum`; the result keeps the input dtype. "NaN propagates (any
NaN input gives NaN output)" (documented). Complex values are ordered as in NumPy:
lexicographically (real part, then imaginary part), a NaN in either part propagating.
Bool: true when any element is. A maximum of no elements does not exist: a zero-size
reduced axis raises `Invalid_argument`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


# Note: R113 — the documentation gives no order on complex numbers; the suite follows NumPy's
# lexicographic order (READINGS R3), the same for every ordered op.
@op("nx", "max")
def max_(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False) -> Tensor:
    return reduce("max", t, axes, keepdims, lambda groups: np.maximum.reduce(groups, axis=-1),
                  needs_elements=True, exact_in_storage=True, order_free=True)
