"""item: one element as an OCaml value (nx.txt, "Element Access and Slicing").

`item indices t` needs an index for every dimension ("Must provide indices for all
dimensions": any other count raises `Invalid_argument`) and returns the element as the
dtype's OCaml type (float, int, int32, int64, nativeint, Complex.t or bool). Negative
indices count from the end.
"""

from reference.nx.indexing._common import int_indices, ocaml_value, select
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "item")
def item(indices: tuple[int, ...], t: Tensor):
    # Note: R72 — negative indices count from the end, as in `get` (NumPy's `a.item`).
    return ocaml_value(select("item", int_indices("item", indices, t.ndim, complete=True), t)
                       .read(t))
