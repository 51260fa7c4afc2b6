"""tril: the lower triangular part of a matrix (nx.txt, "Array Creation").

Element (i, j) is kept when j <= i + k and zeroed above the k-th diagonal: k = 0
(default) keeps the main diagonal, k > 0 also keeps k diagonals above it, k < 0 zeroes
|k| diagonals below it as well. The result is a new tensor of the input's shape.
"""

import numpy as np

from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


def triangle(function: str, x: Tensor, keep) -> Tensor:
    """`x` with the elements (i, j) of its last two axes where `keep(j - i)` is false
    set to zero (a copy)."""
    # Note: R37 — the documentation speaks of "matrix": the input must have at least two
    # dimensions; more dimensions are a batch of matrices in the last two axes (NumPy
    # `tril`/`triu`, READINGS R3). A 0-d or 1-D input is refused.
    require(x.ndim >= 2, function,
            f"input has shape {list(x.shape)}; it must be a matrix (at least 2-D)")
    rows, columns = x.shape[-2:]
    column_minus_row = np.arange(columns)[None, :] - np.arange(rows)[:, None]
    elements = x.values()
    zero = np.zeros((), dtype=elements.dtype)
    return Tensor.from_values(np.where(keep(column_minus_row), elements, zero), x.dtype)


@op("nx", "tril")
def tril(x: Tensor, *, k: int = 0) -> Tensor:
    return triangle("tril", x, lambda offset: offset <= k)
