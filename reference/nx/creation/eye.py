"""eye: an m×n matrix with ones on the k-th diagonal, zeros elsewhere (nx.txt,
"Array Creation").

`eye ?m ?k dtype n`: n columns, m rows (default m = n), k = 0 the main diagonal,
k > 0 above it, k < 0 below it (the documented `eye ~m:2 ~k:(-1) int32 3` is 2×3).
Element (i, j) is one exactly when j - i = k; a k beyond the matrix gives all zeros.
"""

import numpy as np

from reference.dtypes import DType
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


def eye_matrix(function: str, dtype: DType, n: int, m: int | None, k: int) -> Tensor:
    rows = n if m is None else m
    require(n >= 0, function, f"n = {n}: the number of columns must be >= 0")
    require(rows >= 0, function, f"m = {rows}: the number of rows must be >= 0")
    # Note: R34 — `eye ?m ?k` is NumPy's `eye(m, n, k)`: m rows, n columns.
    column_minus_row = np.arange(n)[None, :] - np.arange(rows)[:, None]
    return Tensor.from_values((column_minus_row == k).astype(np.int64), dtype)


@op("nx", "eye")
def eye(dtype: DType, n: int, *, m: int | None = None, k: int = 0) -> Tensor:
    return eye_matrix("eye", dtype, n, m, k)
