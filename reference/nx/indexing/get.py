"""get: the subtensor at some leading indices (nx.txt, "Element Access and Slicing").

`get indices t` indexes from the outermost dimension: `get [i; j] t` is `t.(i, j, ...)`.
With an index for every dimension the result is a 0-d tensor; with fewer it is a view of
the remaining dimensions, sharing `t`'s buffer. Negative indices count from the end; an
index out of range or more indices than dimensions raise `Invalid_argument`.
"""

from reference.nx.indexing._common import int_indices, select
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "get")
def get(indices: tuple[int, ...], t: Tensor) -> Tensor:
    # Note: R72 — negative indices count from the end, as `I i` does in `slice` (the
    # documentation is silent for `get`; NumPy). A complete index list also gives a view
    # (a 0-d one), as `slice` of `I` specs does; the suite promises a view only
    # for fewer indices than dimensions, so no case depends on it.
    return select("get", int_indices("get", indices, t.ndim, complete=False), t).read(t)
