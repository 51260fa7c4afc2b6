"""diag: extract a diagonal, or build a diagonal matrix (nx.txt, "Array Creation").

If `v` is 1-D of length n, the result is the square matrix of size n + |k| with `v` on
the k-th diagonal and zeros elsewhere. If `v` is 2-D, the result is the 1-D k-th
diagonal `v.(i, i + k)`, as long as it is (a higher-rank `v` is read as a matrix of its
first two dimensions). k > 0 is above the main diagonal, k < 0
below. The result is always a new tensor (a copy), never a view of `v`.
"""

import numpy as np

from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "diag")
def diag(v: Tensor, *, k: int = 0) -> Tensor:
    # The documentation: "@raise Failure if [v] is 0D".
    require(v.ndim >= 1, "diag", f"input has shape {list(v.shape)}; it must be 1-D or more")
    elements = v.values()
    if v.ndim == 1:
        n = v.shape[0]
        size = n + abs(k)
        rows = np.arange(n) + max(-k, 0)
        columns = np.arange(n) + max(k, 0)
        matrix = np.zeros((size, size), dtype=elements.dtype)
        matrix[rows, columns] = elements
        return Tensor.from_values(matrix, v.dtype)
    # Note: R36 — a 2-D input with k beyond the matrix has an empty k-th diagonal: the
    # result is 1-D of length 0 (NumPy `diag`, READINGS R3).
    #
    # Note: R238 — a 3-D or higher input is silent in the documentation (1-D and 2-D are
    # described). Settled by Nx 1.0.0~alpha1: the first two dimensions are taken as the
    # rows and columns of a matrix laid out in the first rows x columns elements of the
    # row-major data, and its k-th diagonal is read from there.
    rows, columns = v.shape[:2]
    matrix = elements.reshape(-1)[: rows * columns].reshape(rows, columns)
    first_row, first_column = max(-k, 0), max(k, 0)
    length = max(0, min(rows - first_row, columns - first_column))
    positions = np.arange(length)
    diagonal = matrix[first_row + positions, first_column + positions]
    return Tensor.from_values(diagonal, v.dtype)
