"""argmin: the position of the smallest element (nx.txt, "Reduction Operations").

The mirror of `argmax`: int32 indices, "index of first occurrence for ties", the
flattened tensor and a scalar result without `axis`. NaN counts as the smallest value
here too — the extreme a NaN-propagating `min` would return — so the first NaN wins
(READINGS R131, as NumPy). A zero-size axis raises `Invalid_argument`.
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import INT32
from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


# Note: R240 — every dtype is taken (the documented type); complex values are ordered
# lexicographically as NumPy orders them, one of the two choices R240 accepts (the other: a
# refusal, what Nx 1.0.0~alpha1 makes). Its refusal of bool, uint4 and quint8 is upstream.
@op("nx", "argmin")
def argmin(t: Tensor, *, axis: int | None = None, keepdims: bool = False) -> Tensor:
    return reduce(
        "argmin",
        t,
        None if axis is None else [axis],
        keepdims,
        lambda groups: np.argmin(groups, axis=-1),
        result_dtype=INT32,
        needs_elements=True,
        exact_in_storage=True,
    )
