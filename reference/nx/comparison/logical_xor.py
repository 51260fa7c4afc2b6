"""logical_xor: element-wise logical XOR (nx.txt, "Comparison and Logical Operations").

`logical_xor t1 t2` "computes element-wise XOR"; non-zero values are true (as documented
for `logical_and`). The result is 1 where exactly one is true, else 0, in the operands'
own dtype (the documented type `('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t`): 1.0 / 0.0 for
floats, true / false for bool. NaN is non-zero, so true. Two tensors of one dtype,
broadcast together.
"""

from __future__ import annotations

from reference.nx._cores.elementwise import binary
from reference.nx.comparison._common import truth
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "logical_xor")
def logical_xor(t1: Tensor, t2: Tensor) -> Tensor:
    return binary("logical_xor", t1, t2, lambda x, y: truth(x) ^ truth(y))
