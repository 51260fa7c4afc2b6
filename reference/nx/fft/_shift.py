"""What fftshift and ifftshift share: a roll by half of each axis."""

import numpy as np

from reference.errors import check_axis
from reference.tensor import Tensor


def shifted(function: str, x: Tensor, axes, direction: int) -> Tensor:
    """`x` rolled by `direction` · (size // 2) along each of `axes` (default: all), a new
    tensor of the same dtype."""
    # Note: R174 — the documentation is silent on repeated axes and on 0-d tensors. A repeated
    # axis is rolled once per mention (NumPy's roll); a 0-d tensor, which has no axis, is
    # copied unchanged (NumPy's roll fails on it).
    axes = range(x.ndim) if axes is None else [check_axis(function, a, x.ndim) for a in axes]
    # Note: R174 — an empty axis has nothing to move and is left as it is (its shift,
    # size // 2, is 0).
    values = x.values()
    for axis in axes:
        values = np.roll(values, direction * (x.shape[axis] // 2), axis=axis)
    return Tensor.from_values(values, x.dtype)
