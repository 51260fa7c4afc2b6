"""contiguous: a C-contiguous tensor with `t`'s elements (nx.txt, "Type Conversion and
Copying").

`contiguous t` returns `t` itself when it is already C-contiguous (`is_c_contiguous`;
O(1), no copy), otherwise a new C-contiguous tensor holding `t`'s elements in row-major
order (a transpose, a broadcast view, a view that skips elements).
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "contiguous")
def contiguous(t: Tensor) -> Tensor:
    if t.is_c_contiguous():
        return t
    return Tensor.from_values(t.values(), t.dtype)
