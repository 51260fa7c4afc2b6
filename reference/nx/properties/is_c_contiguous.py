"""is_c_contiguous: whether the elements lie in row-major order without gaps (nx.txt,
"Array Properties").

True for a fresh tensor, a scalar and a zero-size tensor; a dimension of size 1 may
have any stride. False for a transpose of a matrix, a broadcast view (stride 0) or a
view that skips elements.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "is_c_contiguous")
def is_c_contiguous(t: Tensor) -> bool:
    return t.is_c_contiguous()
