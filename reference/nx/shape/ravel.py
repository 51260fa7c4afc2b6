"""ravel: the elements as a C-contiguous 1-D tensor (nx.txt, "Shape Manipulation").

Equivalent to `flatten t`, but the result is always contiguous: a view of a contiguous
`t`, and a fresh row-major copy of any other (a transpose, a flip, a broadcast view).
"""

from reference.nx.shape._common import refuse_scalar, reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "ravel")
def ravel(t: Tensor) -> Tensor:
    refuse_scalar("ravel", t)
    if t.is_c_contiguous():
        return reshaped("ravel", t, (t.numel,))
    return Tensor.from_values(t.values().reshape(-1), t.dtype)
