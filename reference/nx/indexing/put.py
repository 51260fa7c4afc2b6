"""put: scatter values to positions, in place (nx.txt, "Element Access and Slicing").

`put ?axis ~indices ~values ?mode t` writes into `t`. Without `axis` (NumPy's `put`), the
int32 `indices` are positions in `t` flattened row-major; with `axis`, they are positions
along that axis, one per element, as in `put_along_axis` (the documentation's example).
`values` has `t`'s dtype and is broadcast to the shape of `indices`. `mode` treats
out-of-range indices as `take` does: `` `raise `` (default) accepts [-n, n) and raises
`Invalid_argument` otherwise (before anything is written), `` `wrap `` takes them
modulo n, `` `clip `` clamps them to [0, n-1]. A position named twice keeps the last value
written (NumPy; unspecified, no case depends on it).
"""

import numpy as np

from reference.nx.indexing._common import (
    along_axis,
    int32_indices,
    resolve_positions,
    values_for,
)
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "put")
def put(t: Tensor, *, indices: Tensor, values: Tensor, axis: int | None = None,
        mode: str = "raise") -> None:
    # Note: R75 — "values must match the number of indices (broadcasted if needed)": values
    # broadcast to the shape of `indices`; NumPy's `put` repeats a
    # short `values` cyclically instead, which the suite does not follow.
    #
    # Note: R76 — "equivalent to NumPy's put" has no axis; with `~axis` the documented example
    # (indices and values of shape [3; 1] into a 3x3 along axis 1 set one element per
    # row) is `put_along_axis`, not the inverse of `take ~axis`. See spec/ERRATA.md.
    if axis is None:
        target = np.atleast_1d(t.array())  # a view: writes reach t (a 0-d t as 1 element)
        flat = resolve_positions("put", int32_indices("put", indices), t.numel, mode)
        positions = np.unravel_index(flat, target.shape)
    else:
        target = t.array()
        positions = along_axis("put", t, indices, axis, mode)
    target[positions] = values_for("put", t, values, indices.shape)
