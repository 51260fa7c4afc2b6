"""fill: set every element to one value, in place (nx.txt, "Type Conversion and
Copying").

`fill value t` stores `value`, an OCaml value of the dtype's element type rounded or
wrapped into the dtype, in every element of `t` (through its view: a view's buffer is
written), and returns `t` itself for chaining (`fill 5. x == x`).
"""

from reference.nx._cores.elementwise import scalar_operand
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "fill")
def fill(value, t: Tensor) -> Tensor:
    t.array()[...] = scalar_operand("fill", t, value).array()
    return t
