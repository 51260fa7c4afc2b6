"""iter_item: call `f x` on every element x for its effect (nx.txt, "Iteration and
Mapping").

`iter_item f t` "applies f to each element for side effects": `f : 'a -> unit` is called
once per element, in row-major logical order, and the call returns unit.
"""

from reference.nx.iteration._common import items
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "iter_item")
def iter_item(f, t: Tensor) -> None:
    for x in items(t):
        f(x)
