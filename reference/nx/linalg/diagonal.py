"""diagonal: the diagonals of the 2-D planes of a tensor (nx.txt, "Linear Algebra").

The planes are spanned by `axis1` (rows) and `axis2` (columns), by default the last two
axes. The result drops those two axes and appends the diagonal as its last axis:
element (..., i) is the plane's (i, i + offset) for offset >= 0 (above the main
diagonal) and (i - offset, i) for offset < 0 (below), as far as the plane reaches. A
2-D input gives the 1-D diagonal. The result is a new tensor (READINGS
R23).
"""

import numpy as np

from reference.errors import check_axis, require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "diagonal")
def diagonal(a: Tensor, *, offset: int = 0, axis1: int = -2, axis2: int = -1) -> Tensor:
    require(a.ndim >= 2, "diagonal",
            f"input of shape {list(a.shape)} has {a.ndim} dimensions; it needs at least 2")
    rows_axis = check_axis("diagonal", axis1, a.ndim)
    columns_axis = check_axis("diagonal", axis2, a.ndim)
    require(rows_axis != columns_axis, "diagonal",
            f"axis1 = {axis1} and axis2 = {axis2} name the same axis; they must differ")
    # Note: R146 — an offset beyond the plane gives an empty diagonal, not an error (NumPy,
    # READINGS R3).
    planes = np.moveaxis(a.values(), (rows_axis, columns_axis), (-2, -1))
    rows, columns = planes.shape[-2:]
    first_row, first_column = max(-offset, 0), max(offset, 0)
    positions = np.arange(max(0, min(rows - first_row, columns - first_column)))
    return Tensor.from_values(planes[..., first_row + positions, first_column + positions],
                              a.dtype)
