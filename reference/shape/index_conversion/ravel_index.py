"""ravel_index: a multi-index's linear offset (nx_core_shape.txt, Nx_core.Shape, "Index
conversion").

`ravel_index indices strides` is `sum_i indices.(i) * strides.(i)`. Documented:
`Invalid_argument` if the two arrays have different lengths; no bounds check (negative
or large indices and strides go through the formula).
"""

from reference.errors import require
from reference.registry import op


@op("shape", "ravel_index")
def ravel_index(indices: tuple[int, ...], strides: tuple[int, ...]) -> int:
    require(len(indices) == len(strides), "ravel_index",
            f"{len(indices)} indices {list(indices)} for {len(strides)} strides "
            f"{list(strides)}; the lengths must be equal")
    return sum(i * s for i, s in zip(indices, strides, strict=True))
