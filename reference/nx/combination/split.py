"""split: cut a tensor into equal parts along an axis (nx.txt, "Array Combination and
Splitting").

`split ~axis n t` makes n parts of size `size / n` along `~axis`; n must divide the
size. Every part is a view of `t`.
"""

from reference.errors import DivisionByZero, check_axis, require
from reference.nx.combination.array_split import parts
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "split")
def split(sections: int, t: Tensor, *, axis: int) -> list[Tensor]:
    resolved = check_axis("split", axis, t.ndim)
    size = t.shape[resolved]
    # Note: R58 — the documented failure is "if axis size not divisible by sections", which
    # does not say what a count of 0 divides. Settled by Nx 1.0.0~alpha1: it computes
    # `size mod 0` and raises Division_by_zero.
    if sections == 0:
        raise DivisionByZero(f"split: {size} mod 0 (0 sections of axis {resolved})")
    # Note: R58 — "splits into equal parts": a count that does not divide the axis raises
    # (NumPy's `split`); `array_split` is the function for uneven parts.
    require(
        sections > 0 and size % sections == 0,
        "split",
        f"{sections} parts of axis {resolved} (size {size}): the count must be positive "
        f"and divide the size; use array_split for uneven parts",
    )
    width = size // sections
    return parts(t, resolved, [(k * width, (k + 1) * width) for k in range(sections)])
