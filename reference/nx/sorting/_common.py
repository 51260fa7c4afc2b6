"""The sort both `sort` and `argsort` are (nx.txt, "Sorting and Searching")."""

from __future__ import annotations

from math import prod

import numpy as np

from reference.errors import check_axis
from reference.nx._cores.bitonic import bitonic_argsort
from reference.nx._cores.elementwise import wide
from reference.tensor import Tensor


def sort_positions(function: str, t: Tensor, descending: bool, axis: int) -> tuple[np.ndarray, int]:
    """The int32 positions that sort `t` along `axis` (shape `t.shape`), and the resolved
    axis: the bitonic network runs on every line along the axis at once."""
    # Note: R113 — the documentation gives no order on complex values: the reference sorts
    # them in NumPy's order (`bitonic.key_lanes`); the cases also accept a refusal.
    axis = check_axis(function, axis, t.ndim)
    # Note: R135 — a tensor without elements sorts to empty values and indices of its shape
    # ("sorts elements along axis"; the only documented failure is an axis out of bounds,
    # nx.mli:2295).
    lines = np.moveaxis(wide(t), axis, -1)
    rows = prod(lines.shape[:-1])
    positions = bitonic_argsort(lines.reshape(rows, lines.shape[-1]), descending)
    return np.moveaxis(positions.reshape(lines.shape), -1, axis), axis
