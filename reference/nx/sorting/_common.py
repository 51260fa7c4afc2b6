"""The sort both `sort` and `argsort` are (nx.txt, "Sorting and Searching")."""

from __future__ import annotations

from math import prod

import numpy as np

from reference.errors import check_axis, require
from reference.nx._cores.bitonic import bitonic_argsort
from reference.nx._cores.elementwise import wide
from reference.nx.comparison._common import refuse_complex
from reference.tensor import Tensor


def sort_positions(function: str, t: Tensor, descending: bool, axis: int) -> tuple[np.ndarray, int]:
    """The int32 positions that sort `t` along `axis` (shape `t.shape`), and the resolved
    axis: the bitonic network runs on every line along the axis at once."""
    refuse_complex(function, t)
    axis = check_axis(function, axis, t.ndim)
    # Note: R135 — the documentation is silent on empty tensors. Settled by Nx 1.0.0~alpha1,
    # whose padding to a power of two fails on them (Invalid_argument "arange: invalid range
    # [0, 0)" for an empty axis, "shrink: invalid bounds" for no lines): a tensor without
    # elements is refused.
    require(t.numel > 0, function, f"nothing to sort in a tensor of shape {list(t.shape)}")
    lines = np.moveaxis(wide(t), axis, -1)
    rows = prod(lines.shape[:-1])
    positions = bitonic_argsort(lines.reshape(rows, lines.shape[-1]), descending)
    return np.moveaxis(positions.reshape(lines.shape), -1, axis), axis
