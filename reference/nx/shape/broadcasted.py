"""broadcasted: two tensors broadcast to their common shape (nx.txt, "Shape
Manipulation").

Returns `(t1', t2')`, views of `t1` and `t2` with the common broadcast shape (stride 0
along broadcast dimensions); with `~reverse:true`, `(t2', t1')`.
"""

from reference.broadcast import broadcast_shapes, broadcast_view
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "broadcasted")
def broadcasted(t1: Tensor, t2: Tensor, *, reverse: bool = False) -> tuple[Tensor, Tensor]:
    # Note: R7 — the signature gives both tensors one type ('a, 'b) t; tensors of different
    # dtypes are refused, as the OCaml types would.
    require(t1.dtype is t2.dtype, "broadcasted",
            f"t1 is {t1.dtype.name} and t2 is {t2.dtype.name}; both must have the same dtype")
    shape = broadcast_shapes("broadcasted", t1.shape, t2.shape)
    first = broadcast_view("broadcasted", t1, shape)
    second = broadcast_view("broadcasted", t2, shape)
    return (second, first) if reverse else (first, second)
