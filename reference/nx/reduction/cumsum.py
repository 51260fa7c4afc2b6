"""cumsum: the inclusive cumulative sum (nx.txt, "Reduction Operations").

`cumsum ?axis t`: element i along `axis` is the sum of elements 0..i; the result has
`t`'s shape and dtype. "Defaults to flattening the tensor (row-major order) when axis
is omitted": the result is then 1-D. Integers wrap modulo 2^bits; floats accumulate
in float64, each running sum rounded once into the dtype; bool is a running "any".
"""

from __future__ import annotations

import numpy as np

from reference.nx.reduction._common import scan
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cumsum")
def cumsum(t: Tensor, *, axis: int | None = None) -> Tensor:
    return scan("cumsum", t, axis, np.add)
