"""any: 1 where some element over `?axes` is non-zero (nx.txt, "Reduction Operations").

"Returns 1 if any element along axes is non-zero, 0 if all are zero." The result is
uint8 0 / 1 for every input dtype (the documented `(int, uint8_elt) t`). NaN is
non-zero, so true; a complex element is non-zero when either part is. Axes and
`keepdims` as for `sum`; no elements give 0.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.dtypes import UINT8
from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "any")
def any_(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False) -> Tensor:
    return reduce("any", t, axes, keepdims,
                  lambda groups: np.logical_or.reduce(groups != 0, axis=-1),
                  result_dtype=UINT8, exact_in_storage=True, order_free=True)
