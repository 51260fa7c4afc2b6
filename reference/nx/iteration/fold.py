"""fold: a left fold of `f` over the elements as scalar tensors (nx.txt, "Iteration and
Mapping").

`fold f init t` "folds tensor function over elements": `f (... (f init x0) ...) xn-1`
where each xk is a 0-d tensor holding the k-th element in row-major logical order;
`init` itself when `t` has no element. The accumulator's type is free (`'a`): with the
runner's `tensor_add` it is a tensor, and it may broadcast against each scalar.
"""

from functools import reduce

from reference.nx.iteration._common import scalars
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fold")
def fold(f, init, t: Tensor):
    return reduce(f, scalars(t), init)
