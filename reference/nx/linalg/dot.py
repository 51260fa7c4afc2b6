"""dot: the generalised dot product (nx.txt, "Linear Algebra").

The last axis of `a` is contracted with the only axis of a 1-D `b`, or with the
second-to-last axis of an N-D `b`: 1-D x 1-D is the inner product (a 0-D tensor), 2-D x
2-D the matrix product. For N-D operands the documented example decides: `dot (ones
[|2; 3; 4; 5|]) (ones [|3; 5; 6|])` has shape [|2; 3; 4; 6|], so the axes before the
last two broadcast as batch axes, exactly as in `matmul` (see `matmul.py`).
"""

from reference.nx.linalg.matmul import matrix_product
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "dot")
def dot(a: Tensor, b: Tensor) -> Tensor:
    # Note: R138 — the prose also says dot "does NOT broadcast; it concatenates non-contracted
    # dimensions" (NumPy's `dot`, which would give [|2; 3; 4; 3; 6|] above). The worked
    # example contradicts it and wins (READINGS R2):
    # batch axes broadcast. Recorded in spec/ERRATA.md (nx.dot).
    return matrix_product("dot", a, b)
