"""sum: the sum of the elements over `?axes` (nx.txt, "Reduction Operations").

By default every axis is reduced and the result is 0-d; `~keepdims:true` keeps each
reduced axis with size 1; negative axes count from the end (documented). The result
keeps the input dtype:

- floats are summed in float64 (NumPy's pairwise summation) and rounded once into the
  dtype, so the result does not depend on the storage precision of partial sums (a
  float16 sum may exceed 65504 on the way and come back); complex likewise in complex128;
- integers sum exactly modulo 2^64 and wrap once into their width (documented overflow
  rule: int8 100 + 100 is -56);
- bool sums the 0 / 1 values and stores x ≠ 0: true when any element is.

No elements (a zero-size axis) sum to 0. `~axes:[]` reduces nothing: a copy.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "sum")
def sum_(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False) -> Tensor:
    # Integer (and bool) sums are exact modulo 2^64, so their order does not matter.
    return reduce("sum", t, axes, keepdims, lambda groups: np.add.reduce(groups, axis=-1),
                  order_free=not (t.dtype.is_float or t.dtype.is_complex))
