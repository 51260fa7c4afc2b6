"""min: the smallest element over `?axes` (nx.txt, "Reduction Operations").

The mirror of `max`: axes and `keepdims` as for `sum`, the input dtype kept, "NaN
propagates (any NaN input gives NaN output)" (documented), complex values ordered
lexicographically as in NumPy, bool true when every element is, and a zero-size reduced
axis raises `Invalid_argument`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "min")
def min_(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False) -> Tensor:
    return reduce("min", t, axes, keepdims, lambda groups: np.minimum.reduce(groups, axis=-1),
                  needs_elements=True, exact_in_storage=True, order_free=True)
