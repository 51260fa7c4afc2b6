"""slice: the subtensor picked by a list of index specs (nx.txt, "Element Access and
Slicing").

Each spec stands for the next axis from the left (`N` adds an axis instead); missing
specs are `A`. `I i` picks index i and drops the axis; `L [..]` picks a list of indices;
`R (a, b)` and `Rs (a, b, s)` are the Python slices `a:b` and `a:b:s`; `A` keeps the
axis; `M mask` keeps the positions where the uint8 mask is non-zero; `N` inserts an axis
of size 1. Each spec selects along its own axis, independently of the others, so two
lists select the outer product of their indices. The result is a view of `t` when only
`I`, `A`, `N` and ranges of step ±1 are used, and a new tensor otherwise. The rules in
full are in `_common.py`.
"""

from reference.nx.indexing._common import select
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "slice")
def slice_(specs: list, t: Tensor) -> Tensor:
    # Note: R71 — "each element in specs corresponds to an axis": two `L` specs act on their
    # own axes (the outer product, NumPy's `t[np.ix_(a, b)]`), not NumPy's zipped
    # `t[a, b]`.
    return select("slice", specs, t).read(t)
