"""argmin: the position of the smallest element (nx.txt, "Reduction Operations").

The mirror of `argmax`: int32 indices, "index of first occurrence for ties", the
flattened tensor and a scalar result without `axis`. NaN counts as the smallest value
here too — the extreme a NaN-propagating `min` would return — so the first NaN wins
(READINGS R131, as NumPy). A zero-size axis raises `Invalid_argument`. bool,
complex, uint4 and quint8 tensors are refused (R240: settled by Nx 1.0.0~alpha1).
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import INT32
from reference.errors import require
from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "argmin")
def argmin(t: Tensor, *, axis: int | None = None, keepdims: bool = False) -> Tensor:
    # Note: R240 — the documentation restricts no dtype. Settled by Nx 1.0.0~alpha1, which finds
    # the minimum as the maximum of the inverted values and refuses the dtypes it cannot
    # invert (Invalid_argument "argmin: unsupported dtype"): bool, complex, uint4, quint8.
    require(not (t.dtype.is_bool or t.dtype.is_complex or t.dtype.name in ("uint4", "quint8")),
            "argmin", f"unsupported dtype {t.dtype.name}")
    return reduce("argmin", t, None if axis is None else [axis], keepdims,
                  lambda groups: np.argmin(groups, axis=-1), result_dtype=INT32,
                  needs_elements=True, exact_in_storage=True)
