"""logical_not: element-wise NOT as 1 - x (nx.txt, "Comparison and Logical Operations").

"Returns 1 - x. Non-zero values become 0, zero becomes 1." The worked example decides
between the two sentences where they differ: `logical_not` of int32 [0; 1; 5] is
[1; 0; -4] — the result is 1 - x computed in x's dtype (integers wrap: uint8 5 gives
252; floats round once: 0.5 gives 0.5; NaN gives NaN; complex 1 - z). On the truth
values 0 and 1 it is NOT; on bool (stored x ≠ 0) it is exactly NOT.
"""

from __future__ import annotations

from reference.nx._cores.elementwise import unary
from reference.registry import op
from reference.tensor import Tensor


# Note: R107 — the prose ("non-zero values become 0") and the example (5 -> -4) disagree; the
# example wins (READINGS R2; spec/ERRATA.md, nx.logical_not).
@op("nx", "logical_not")
def logical_not(t: Tensor) -> Tensor:
    return unary("logical_not", t, lambda values: 1 - values)
