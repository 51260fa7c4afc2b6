"""moveaxis: move dimension `src` to position `dst` (nx.txt, "Shape Manipulation").

The other dimensions keep their relative order (NumPy `moveaxis`); negative axes count
from the end. The result is a view with permuted strides.
"""

from reference.errors import check_axis
from reference.nx.shape._common import permuted
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "moveaxis")
def moveaxis(src: int, dst: int, t: Tensor) -> Tensor:
    source = check_axis("moveaxis", src, t.ndim)
    destination = check_axis("moveaxis", dst, t.ndim)
    order = [axis for axis in range(t.ndim) if axis != source]
    order.insert(destination, source)
    return permuted(t, order)
