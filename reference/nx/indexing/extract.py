"""extract: the elements where a condition holds, flattened (nx.txt, "Element Access
and Slicing").

NumPy's `extract` ("Equivalent to NumPy's extract", nx.txt:982): `condition` is a uint8
tensor of `t`'s shape, non-zero meaning true (a 0-d `t` flattens to one element);
the result is the 1-D tensor of `t`'s elements where it is true, in row-major order.
"""

from reference.dtypes import UINT8
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "extract")
def extract(t: Tensor, *, condition: Tensor) -> Tensor:
    # Note: R79 — the condition is uint8 like `compress`'s (the documented example passes a
    # comparison, whose result is uint8); the documentation gives no signature.
    require(
        condition.dtype is UINT8 and condition.shape == t.shape,
        "extract",
        f"condition must be a uint8 tensor of shape {list(t.shape)}, got "
        f"{condition.dtype.name} of shape {list(condition.shape)}",
    )
    return Tensor.from_values(t.values()[condition.values() != 0], t.dtype)
