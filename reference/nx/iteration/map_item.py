"""map_item: a new tensor of `f x` for every element x (nx.txt, "Iteration and Mapping").

`map_item f t` "applies f to each element": `f : 'a -> 'a` takes and returns an element
of the dtype's OCaml type ("Type-preserving only"), and the result has `t`'s shape and
dtype, each `f x` stored (rounded or wrapped) once into the dtype. The elements are
visited in row-major logical order.
"""

from reference.elements import element, filled
from reference.nx.iteration._common import items
from reference.registry import op
from reference.tensor import Tensor


# Note: R201 — "Operates on contiguous data directly" is read as how Nx implements it; the
# result is the same for any layout: a new C-contiguous tensor of `t`'s logical shape
# with f applied to the element at each logical index.
@op("nx", "map_item")
def map_item(f, t: Tensor) -> Tensor:
    return filled(t.dtype, t.shape, [element("map_item", t.dtype, f(x)) for x in items(t)])
