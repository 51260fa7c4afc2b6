"""The `*_like` family: new tensors with the shape and dtype of `t` (nx.txt,
"Array Creation").

`empty_like t`, `zeros_like t`, `ones_like t`, `full_like t value` make a fresh
C-contiguous tensor of `t`'s shape and dtype (uninitialised, zeros, ones, `value`);
`scalar_like t value` a 0-d tensor of `t`'s dtype. Only `t`'s shape and dtype are
read: its elements, strides and offset play no part, and the result never shares
`t`'s buffer.
"""

from reference.elements import constant
from reference.errors import check_shape
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "empty_like")
def empty_like(t: Tensor) -> Tensor:
    # Note: R9 — documented as uninitialised; the reference returns zeros (cases check only
    # shape and dtype).
    return Tensor.empty(t.dtype, check_shape("empty_like", t.shape))


@op("nx", "full_like")
def full_like(t: Tensor, value) -> Tensor:
    return constant("full_like", t.dtype, t.shape, value)


@op("nx", "ones_like")
def ones_like(t: Tensor) -> Tensor:
    return constant("ones_like", t.dtype, t.shape, 1)


@op("nx", "zeros_like")
def zeros_like(t: Tensor) -> Tensor:
    return constant("zeros_like", t.dtype, t.shape, 0)


@op("nx", "scalar_like")
def scalar_like(t: Tensor, value) -> Tensor:
    return constant("scalar_like", t.dtype, (), value)
