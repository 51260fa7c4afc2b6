"""iter: call `f` on every element as a scalar tensor, for its effect (nx.txt,
"Iteration and Mapping").

`iter f t` "applies tensor function f to each element": `f : ('a, 'b) t -> unit` gets
each element as a 0-d tensor, in row-major logical order; the call returns unit.
"""

from reference.nx.iteration._common import scalars
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "iter")
def iter_(f, t: Tensor) -> None:
    for x in scalars(t):
        f(x)
