"""diag: extract a diagonal, or build a diagonal matrix (nx.txt, "Array Creation").

If `v` is 1-D of length n, the result is the square matrix of size n + |k| with `v` on
the k-th diagonal and zeros elsewhere. If `v` is 2-D, the result is the 1-D k-th
diagonal `v.(i, i + k)`, as long as it is. k > 0 is above the main diagonal, k < 0
below. The result is always a new tensor (a copy), never a view of `v`.
"""

import numpy as np

from reference.errors import Failure, require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "diag")
def diag(v: Tensor, *, k: int = 0) -> Tensor:
    # Note: R238 — the documentation defines diag for a 1-D and a 2-D `v` only (nx.mli:345) and
    # raises on a 0-D one; a higher rank has no diagonal in either sense and is refused, as
    # numpy.diag refuses it. Nx 1.0.0~alpha1 reads the first rows x columns elements of the
    # buffer as a matrix: upstream. A 0-D `v` raises Failure: "@raise Failure if [v] is 0D"
    # (nx.mli:350, the interface file).
    if v.ndim == 0:
        raise Failure("diag: input is 0-D; it must be 1-D or 2-D")
    require(
        v.ndim in (1, 2),
        "diag",
        f"input has {v.ndim} dimensions (shape {list(v.shape)}); it must be 1-D or 2-D",
    )
    elements = v.values()
    if v.ndim == 1:
        n = v.shape[0]
        size = n + abs(k)
        rows = np.arange(n) + max(-k, 0)
        columns = np.arange(n) + max(k, 0)
        matrix = np.zeros((size, size), dtype=elements.dtype)
        matrix[rows, columns] = elements
        return Tensor.from_values(matrix, v.dtype)
    # Note: R36 — a 2-D input with k beyond the matrix has an empty k-th diagonal: the result
    # is 1-D of length 0 (NumPy `diag`, READINGS R3).
    rows, columns = v.shape
    first_row, first_column = max(-k, 0), max(k, 0)
    length = max(0, min(rows - first_row, columns - first_column))
    positions = np.arange(length)
    diagonal = elements[first_row + positions, first_column + positions]
    return Tensor.from_values(diagonal, v.dtype)
