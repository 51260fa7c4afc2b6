"""data: the tensor's underlying buffer, as a Bigarray (nx.txt, "Array Properties").

The whole buffer the tensor is a view of, not only the tensor's elements: "Buffer may
contain data beyond tensor bounds for strided views", so a transposed, sliced, offset or
broadcast tensor gives its source's buffer, and reading the tensor from it takes the
tensor's strides and offset. Nothing is copied: a write through the buffer is seen
through the tensor, and the other way round.
"""

from reference.genarray.bigarray import C_LAYOUT, KIND_OF_DTYPE, Bigarray
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "data")
def data(t: Tensor) -> Bigarray:
    # Note: R29 — the documentation gives no type beyond "underlying bigarray buffer". The suite
    # reads it as Nx's flat buffer: a 1-dimensional C-layout Bigarray (an `Array1.t` is a
    # 1-dimensional Genarray) of every element of the buffer, of the dtype's kind
    # (int8 -> int8_signed, uint8 -> int8_unsigned, bfloat16 -> Bigarray_ext's bfloat16).
    return Bigarray(KIND_OF_DTYPE[t.dtype], C_LAYOUT, (t.buffer.size,), t.buffer)
