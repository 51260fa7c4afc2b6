"""logical_and: element-wise logical AND (nx.txt, "Comparison and Logical Operations").

`logical_and t1 t2` "computes element-wise AND. Non-zero values are true." The result is 1
where both are true, else 0, in the operands' own dtype (the documented type
`('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t`), true / false for bool; float and complex
tensors are refused (settled by Nx 1.0.0~alpha1, `_common.logical`). Two tensors of one
dtype, broadcast together.
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import logical
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "logical_and")
def logical_and(t1: Tensor, t2: Tensor) -> Tensor:
    return logical("logical_and", t1, t2, np.logical_and)
