"""full: a new tensor of `shape` with every element `value` (nx.txt, "Array Creation").

`full dtype shape value` allocates a fresh C-contiguous tensor and stores `value` in
every position. The value is an OCaml value of the dtype's element type, stored the way
every result is: floats round once to the dtype (nearest even), integers wrap modulo
2^bits, complex parts round to the part dtype (see `reference.elements`).
"""

from __future__ import annotations

from reference.dtypes import DType
from reference.elements import constant
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "full")
def full(dtype: DType, shape: tuple[int, ...], value) -> Tensor:
    return constant("full", dtype, shape, value)
