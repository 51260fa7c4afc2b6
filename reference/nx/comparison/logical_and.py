"""logical_and: element-wise logical AND (nx.txt, "Comparison and Logical Operations").

`logical_and t1 t2` "computes element-wise AND. Non-zero values are true."
(nx.txt:1368-1369) The result is 1 where both are true, else 0, in the operands' own dtype
(the documented type `('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t`, nx.txt:1366, which accepts
every dtype): 1.0 / 0.0 for floats, 1 + 0i for complex, true / false for bool. NaN is
non-zero, so true; -0.0 equals 0, so false. Two tensors of one dtype, broadcast together.
"""

from __future__ import annotations

from reference.nx._cores.elementwise import binary
from reference.nx.comparison._common import truth
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "logical_and")
def logical_and(t1: Tensor, t2: Tensor) -> Tensor:
    return binary("logical_and", t1, t2, lambda x, y: truth(x) & truth(y))
