"""argmax: the position of the largest element (nx.txt, "Reduction Operations").

`argmax ?axis ?keepdims t`: along `axis`, the index of the maximum, as int32. "Returns
index of first occurrence for ties. If axis not specified, operates on flattened tensor
and returns scalar" (a 0-d result indexing the row-major flattening; with `keepdims`,
every dimension of size 1, as in NumPy). NaN counts as the largest value: the first NaN
wins (READINGS R131, as NumPy). Complex values are ordered lexicographically (see
`max`). A zero-size axis has no maximum: `Invalid_argument`.
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import INT32
from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "argmax")
def argmax(t: Tensor, *, axis: int | None = None, keepdims: bool = False) -> Tensor:
    return reduce(
        "argmax",
        t,
        None if axis is None else [axis],
        keepdims,
        lambda groups: np.argmax(groups, axis=-1),
        result_dtype=INT32,
        needs_elements=True,
        exact_in_storage=True,
    )
