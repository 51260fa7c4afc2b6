"""c_contiguous_strides: the row-major strides of a shape (nx_core_shape.txt, Nx_core.Shape).

The stride of a dimension is the product of the dimensions to its right (the last is 1).
The documentation leaves the zero-size rule to "the implementation's canonical rule";
READINGS R219 fixes it: a zero-size dimension makes its own stride and every stride
to its left 0 (`[2;0;3]` gives `[0;0;1]`). That is `reference.layout.c_contiguous_strides`.
"""

from reference import layout
from reference.errors import check_shape
from reference.registry import op


@op("shape", "c_contiguous_strides")
def c_contiguous_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    return layout.c_contiguous_strides(check_shape("c_contiguous_strides", shape))
