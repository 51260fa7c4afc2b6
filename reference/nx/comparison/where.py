"""where: choose between two tensors by a condition (nx.txt, "Comparison and Logical
Operations").

`where cond if_true if_false` "returns if_true where cond is non-zero, if_false
elsewhere. All three inputs broadcast to common shape." The condition is a uint8 tensor
(the type comparisons return, `(int, uint8_elt) t`); the two branches have one dtype,
which the result keeps. Elements are copied exactly (NaN payloads, signed zeros).
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import UINT8
from reference.errors import require
from reference.nx._cores.elementwise import operands, same_dtype
from reference.registry import op
from reference.tensor import Tensor


# Note: R8 — OCaml's types make `cond` uint8; an implementation that takes any dtype must still
# refuse others (the suite's reading of the signature).
@op("nx", "where")
def where(cond: Tensor, if_true: Tensor, if_false: Tensor) -> Tensor:
    require(cond.dtype is UINT8, "where",
            f"the condition is {cond.dtype.name}; it must be uint8 (a comparison's result)")
    dtype = same_dtype("where", if_true, if_false)
    condition, chosen, otherwise = operands("where", cond, if_true, if_false)
    return Tensor.from_values(np.where(condition != 0, chosen, otherwise), dtype)
