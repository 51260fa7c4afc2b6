"""Bool as a number, for the arithmetic section (nx.txt, "Basic Arithmetic Operations").

Each arithmetic family registers its five documented forms (`op`, `op_s`, `rop_s`,
`iop`, `iop_s`) with `reference.nx._cores.forms.register_forms`; `arithmetic` is the
core's `binary` with bool operands computed as the integers 0 and 1.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import binary
from reference.tensor import Tensor


def as_numbers(x: np.ndarray) -> np.ndarray:
    """The wide elements of an operand, with bools as the integers 0 and 1."""
    # Note: R90 — the documentation gives bool tensors the signatures of every dtype and says
    # nothing of what arithmetic means on them. The reference computes on a bool as the
    # integer 0 or 1 and stores the result the way every value becomes a bool (`x <> 0`,
    # `dtypes.to_storage`, as `cast` does): add is or, sub is xor, mul is and, neg is the
    # identity; div and mod_ are integer division (a false divisor raises like an integer
    # 0), pow is exact (false ** false = true). NumPy also adds bools as or and multiplies
    # them as and. Where the cases accept another deliberate choice (neg as not, div
    # refusing bool: Nx 1.0.0~alpha1), the reference gives the 0/1 value. rsub_s true x =
    # not x is also what logical_not's "Returns 1 - x" (nx.txt:1379) requires.
    return x.astype(np.int64) if x.dtype == np.bool_ else x


def arithmetic(function: str, a: Tensor, b: Tensor, compute, *,
               exact_in_storage: bool = False) -> Tensor:
    """The core's `binary`, with bool operands passed to `compute` as 0 and 1
    (`exact_in_storage`: see `elementwise`; true for +, -, *)."""
    return binary(function, a, b, lambda x, y: compute(as_numbers(x), as_numbers(y)),
                  exact_in_storage=exact_in_storage)
