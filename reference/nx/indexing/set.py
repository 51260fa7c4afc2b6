"""set: assign a tensor at some leading indices (nx.txt, "Element Access and Slicing").

`set indices t value` writes `value` into the subtensor `get indices t`, in place. Like
`set_slice`, the value is broadcast to that subtensor's shape and must have `t`'s dtype;
an index out of range, more indices than dimensions, or a value that does not broadcast
raise `Invalid_argument`.
"""

from reference.nx.indexing._common import int_indices, select
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "set")
def set_(indices: tuple[int, ...], t: Tensor, value: Tensor) -> None:
    # Note: R81 — the documentation says only "assigns value at indices"; the value is broadcast
    # as `set_slice`'s is ("Value is broadcast if needed"), of which `set` is the case of
    # `I` specs.
    select("set", int_indices("set", indices, t.ndim, complete=False), t).write("set", t, value)
