"""set_item: write one element in place (nx.txt, "Element Access and Slicing").

`set_item indices value t` needs an index for every dimension (any other count raises
`Invalid_argument`) and stores `value`, an OCaml value of the dtype's element type,
rounded or wrapped into the dtype like every stored element. Writing through a view
writes the viewed tensor's buffer.
"""

from reference.nx._cores.elementwise import scalar_operand
from reference.nx.indexing._common import int_indices, select
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "set_item")
def set_item(indices: tuple[int, ...], value, t: Tensor) -> None:
    selection = select("set_item", int_indices("set_item", indices, t.ndim, complete=True), t)
    selection.write("set_item", t, scalar_operand("set_item", t, value))
