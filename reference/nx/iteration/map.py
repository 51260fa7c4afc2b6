"""map: a new tensor of `f` applied to every element as a scalar tensor (nx.txt,
"Iteration and Mapping").

`map f t` "applies tensor function f to each element as scalar tensor": for each element
(row-major logical order) `f` gets a 0-d tensor holding it and returns a tensor of the
same dtype (`('a, 'b) t -> ('a, 'b) t`); the element of that result is the element of
the output, which has `t`'s shape and dtype.
"""

from reference.dtypes import DType
from reference.elements import filled
from reference.errors import require
from reference.nx.indexing._common import ocaml_value
from reference.nx.iteration._common import scalars
from reference.registry import op
from reference.tensor import Tensor


# Note: R202 — the documentation does not say what happens when f returns more than one
# element. The reference takes the element of any one-element result (a 0-d tensor, or
# shape [1], [1; 1], ...) and refuses any other with `Invalid_argument`.
def _element_of(result, dtype: DType):
    require(isinstance(result, Tensor) and result.dtype is dtype and result.numel == 1, "map",
            f"f returned {result!r}; it must return a one-element {dtype.name} tensor")
    return ocaml_value(result)


@op("nx", "map")
def map_(f, t: Tensor) -> Tensor:
    return filled(t.dtype, t.shape, [_element_of(f(x), t.dtype) for x in scalars(t)])
