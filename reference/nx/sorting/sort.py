"""sort: sort along an axis, with the permutation (nx.txt, "Sorting and Searching").

`sort ?descending ?axis t` "sorts elements along axis. Returns (sorted_values, indices)
where indices map sorted positions to original positions. Default sorts last axis in
ascending order." The indices are int32 (documented type); every line along the axis is
sorted independently; the values keep `t`'s dtype and are the very elements of `t`
(-0.0 and NaN payloads kept).

The documented algorithm is a bitonic sort, padded to a power of two, "stable: preserves
relative order of equal elements. First occurrence wins for duplicate values" — in both
directions. "NaN: sorted to end (ascending) or beginning (descending)"; "inf/-inf:
sorted normally"; integers of every width sort by value. `_cores/bitonic.py` is that
network (nx.txt:1621-1632). Complex values have no documented order: they sort as NumPy
sorts them (lexicographically, those with a NaN part last; READINGS R113, whose cases
also accept a refusal). A tensor without elements sorts to empty values and indices of
its shape (READINGS R135: the only documented failure is an axis out of bounds,
nx.mli:2295); a 0-d tensor has no axis to sort.
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import INT32
from reference.nx.sorting._common import sort_positions
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "sort")
def sort(t: Tensor, *, descending: bool = False, axis: int = -1) -> tuple[Tensor, Tensor]:
    positions, axis = sort_positions("sort", t, descending, axis)
    values = np.take_along_axis(t.values(), positions, axis=axis)
    return Tensor.from_values(values, t.dtype), Tensor.from_values(positions, INT32)
