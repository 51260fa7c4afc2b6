"""split: cut a tensor into equal parts along an axis (nx.txt, "Array Combination and
Splitting").

`split ~axis n t` makes n parts of size `size / n` along `~axis`; n must divide the
size. Every part is a view of `t`.
"""

from reference.errors import check_axis, require
from reference.nx.combination.array_split import parts
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "split")
def split(sections: int, t: Tensor, *, axis: int) -> list[Tensor]:
    resolved = check_axis("split", axis, t.ndim)
    size = t.shape[resolved]
    # Note: R58 — "@raise Invalid_argument if axis size not divisible by sections" (nx.mli:1027):
    # a count that does not divide the axis raises (NumPy's `split`), 0 included (no k gives
    # 0 * k = size); `array_split` is the function for uneven parts.
    require(
        sections > 0 and size % sections == 0,
        "split",
        f"{sections} parts of axis {resolved} (size {size}): the count must be positive "
        f"and divide the size; use array_split for uneven parts",
    )
    width = size // sections
    return parts(t, resolved, [(k * width, (k + 1) * width) for k in range(sections)])
