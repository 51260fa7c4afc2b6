"""pad: surround the tensor with a constant (nx.txt, "Shape Manipulation").

`padding.(i) = (before, after)` adds `before` elements before and `after` after the data
along dimension i, all equal to `value`. One pair per dimension; negative padding is not
allowed (documented). The result is a new tensor.
"""

from reference.elements import constant
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "pad")
def pad(padding: tuple[tuple[int, int], ...], value, t: Tensor) -> Tensor:
    require(len(padding) == t.ndim, "pad", f"{len(padding)} (before, after) pairs for the "
                                           f"{t.ndim} dimensions of shape {list(t.shape)}")
    require(all(before >= 0 and after >= 0 for before, after in padding), "pad",
            f"padding {[list(p) for p in padding]} is negative; negative padding is not allowed")
    shape = tuple(b + size + a for (b, a), size in zip(padding, t.shape, strict=True))
    result = constant("pad", t.dtype, shape, value)
    inside = tuple(slice(b, b + size) for (b, _), size in zip(padding, t.shape, strict=True))
    result.array()[inside] = t.array()
    return result
