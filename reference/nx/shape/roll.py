"""roll: shift the elements along an axis, wrapping around (nx.txt, "Shape
Manipulation").

Element i of the axis moves to position (i + shift) mod n: elements shifted past the
last position reappear at the beginning, and a negative shift rolls backward. Without
`~axis`, the tensor is rolled as if flattened and keeps its shape (NumPy `roll`). The
result is a new tensor.
"""

import numpy as np

from reference.errors import check_axis
from reference.nx.shape._common import refuse_scalar
from reference.registry import op
from reference.tensor import Tensor


def _rolled(values: np.ndarray, shift: int, axis: int) -> np.ndarray:
    size = values.shape[axis]
    if size == 0:
        return values
    # Position j of the result holds element (j - shift) mod n of the source.
    sources = (np.arange(size) - shift % size) % size
    return np.take(values, sources, axis=axis)


@op("nx", "roll")
def roll(shift: int, t: Tensor, *, axis: int | None = None) -> Tensor:
    if axis is None:
        refuse_scalar("roll", t)
        flat = t.values().reshape(-1)
        return Tensor.from_values(_rolled(flat, shift, 0).reshape(t.shape), t.dtype)
    rolled = _rolled(t.values(), shift, check_axis("roll", axis, t.ndim))
    return Tensor.from_values(rolled, t.dtype)
