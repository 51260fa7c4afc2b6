"""strides: the stride of every dimension, in bytes (nx.txt, "Array Properties").

The byte stride of an axis is its element stride times `itemsize t`. A fresh tensor is
C-contiguous; views report their own layout (a transpose swaps strides, a broadcast
axis has stride 0). Zero-size tensors follow `Shape.c_contiguous_strides` (nx_core_shape.txt):
a zero-size dimension makes its own stride and every stride to its left 0.
"""

from reference.registry import op
from reference.tensor import Tensor


@op("nx", "strides")
def strides(t: Tensor) -> tuple[int, ...]:
    return tuple(stride * t.dtype.itemsize for stride in t.strides)
