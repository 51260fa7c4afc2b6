"""matrix_transpose: swap the last two axes (nx.txt, "Linear Algebra").

(..., M, N) becomes (..., N, M). The result is a view over the same buffer with the
last two strides swapped (READINGS R22). A 1-D tensor is returned
unchanged, as documented.
"""

from reference.nx.shape._common import permuted
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "matrix_transpose")
def matrix_transpose(a: Tensor) -> Tensor:
    # Note: R154 — "For 1-D arrays, returns unchanged"; a 0-D tensor has no pair of axes either
    # and is returned unchanged too (the documentation has no error for it).
    if a.ndim < 2:
        return a
    return permuted(a, (*range(a.ndim - 2), a.ndim - 1, a.ndim - 2))
