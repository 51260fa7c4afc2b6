"""shrink: the sub-tensor of a range of indices per dimension (nx.txt, "Shape
Manipulation").

`ranges.(i) = (start, stop)` keeps indices start..stop-1 (stop exclusive) of dimension
i; one pair per dimension. The result is a view: the same strides, with the offset moved
to the first kept element.
"""

from reference.errors import require
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "shrink")
def shrink(ranges: tuple[tuple[int, int], ...], t: Tensor) -> Tensor:
    require(
        len(ranges) == t.ndim,
        "shrink",
        f"{len(ranges)} (start, stop) pairs for the {t.ndim} dimensions of shape {list(t.shape)}",
    )
    # Note: R52 — bounds must satisfy 0 <= start < stop <= size. Negative bounds do not count
    # from the end (shrink is not slicing; View.shrink, nx_core_view.txt, requires start >= 0).
    # An empty range (start = stop) is silent in nx.shrink's documentation (nx_core_view.txt's
    # View.shrink asks start < stop). Cases accept a zero-size dimension or a refusal; the
    # reference, as Nx 1.0.0~alpha1, raises, unless every
    # range is its whole dimension (then a zero-size dimension is kept whole).
    whole = all(
        start == 0 and stop == size for (start, stop), size in zip(ranges, t.shape, strict=True)
    )
    for axis, ((start, stop), size) in enumerate(zip(ranges, t.shape, strict=True)):
        require(
            whole or 0 <= start < stop <= size,
            "shrink",
            f"range ({start}, {stop}) of axis {axis} (size {size}) must satisfy "
            f"0 <= start < stop <= {size}",
        )
    shape = tuple(stop - start for start, stop in ranges)
    offset = t.offset + sum(
        start * stride for (start, _), stride in zip(ranges, t.strides, strict=True)
    )
    return t.with_view(View(shape, t.strides, offset))
