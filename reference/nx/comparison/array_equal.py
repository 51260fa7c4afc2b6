"""array_equal: whether two tensors are equal everywhere (nx.txt, "Comparison and
Logical Operations").

`array_equal t1 t2` "returns scalar 1 if all elements equal, 0 otherwise. Broadcasts
inputs before comparison. Returns 0 if shapes incompatible." The result is a 0-d uint8
tensor. Equality is `cmpeq`'s: NaN equals nothing, not even NaN (so a tensor holding a
NaN is not equal to itself), and -0.0 equals 0.0. Two tensors of one dtype; tensors that
broadcast to a zero-size shape are equal (all of no elements are).
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import UINT8
from reference.errors import InvalidArgument
from reference.nx._cores.elementwise import operands, same_dtype
from reference.registry import op
from reference.tensor import Tensor


# Note: R7 — different dtypes raise, as for every binary op: the
# documented "returns 0" is for incompatible shapes only.
@op("nx", "array_equal")
def array_equal(t1: Tensor, t2: Tensor) -> Tensor:
    same_dtype("array_equal", t1, t2)
    try:
        x, y = operands("array_equal", t1, t2)
    except InvalidArgument:  # the shapes do not broadcast: documented 0
        return Tensor.from_values(np.asarray(0), UINT8)
    return Tensor.from_values(np.asarray(np.all(x == y)), UINT8)
