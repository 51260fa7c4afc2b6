"""fold_item: a left fold of `f` over the elements (nx.txt, "Iteration and Mapping").

`fold_item f init t` "folds f over elements": `f (... (f (f init x0) x1) ...) xn-1`, the
elements x0 ... xn-1 in row-major logical order; `init` when `t` has no element.
"""

from functools import reduce

from reference.nx.iteration._common import items
from reference.registry import op
from reference.tensor import Tensor


# Note: R201 — the fold is a left fold in row-major order (OCaml's `Array.fold_left` over the
# elements), the order the other iteration functions visit elements in; cases pin it
# with float additions whose rounding depends on the order.
@op("nx", "fold_item")
def fold_item(f, init, t: Tensor):
    return reduce(f, items(t), init)
