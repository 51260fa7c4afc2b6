"""set_slice: assign a tensor to the region a list of index specs picks (nx.txt,
"Element Access and Slicing").

`set_slice specs t value` writes into `t`, in place, the elements `slice specs t` would
read, whatever the specs (lists and masks included: the write is a scatter). The value
has `t`'s dtype and is broadcast to the shape of `slice specs t`; a value that does not
broadcast raises `Invalid_argument`.
"""

from reference.nx.indexing._common import select
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "set_slice")
def set_slice(specs: list, t: Tensor, value: Tensor) -> None:
    select("set_slice", specs, t).write("set_slice", t, value)
