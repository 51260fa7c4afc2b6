"""put_along_axis: scatter with one index per value, in place (nx.txt, "Element Access
and Slicing").

NumPy's `put_along_axis`: `indices` (int32) has `t`'s rank and `t`'s shape except along
`axis`; `values` (of `t`'s dtype) is broadcast to the shape of `indices`; each value goes
to the element of `t` whose coordinate along `axis` is the matching index and whose other
coordinates are the value's own. Negative indices count from the end; out-of-range ones
raise `Invalid_argument` before anything is written.
"""

from reference.nx.indexing._common import along_axis, values_for
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "put_along_axis")
def put_along_axis(t: Tensor, *, axis: int, indices: Tensor, values: Tensor) -> None:
    positions = along_axis("put_along_axis", t, indices, axis)
    t.array()[positions] = values_for("put_along_axis", t, values, indices.shape)
