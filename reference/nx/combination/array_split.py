"""array_split: cut a tensor into parts along an axis (nx.txt, "Array Combination and
Splitting").

`` `Count n `` makes n parts as even as possible: of size `size / n` rounded down, the
first `size mod n` parts one larger (n may exceed the size: the last parts are empty).
`` `Indices [i1; i2; ...] `` cuts at the listed indices: parts `start:i1`, `i1:i2`, ...,
`ik:end`. Every part is a view of `t` (a `shrink` along the axis).
"""

from itertools import pairwise

from reference.errors import check_axis, require
from reference.layout import View
from reference.ocaml import Variant
from reference.registry import op
from reference.tensor import Tensor


def parts(t: Tensor, axis: int, bounds: list[tuple[int, int]]) -> list[Tensor]:
    """The views of `t` keeping indices start..stop-1 along `axis`, one per bound."""
    stride = t.strides[axis]
    return [
        t.with_view(
            View(
                (*t.shape[:axis], stop - start, *t.shape[axis + 1 :]),
                t.strides,
                t.offset + start * stride,
            )
        )
        for start, stop in bounds
    ]


def _count_bounds(size: int, n: int) -> list[tuple[int, int]]:
    base, larger = divmod(size, n)
    bounds, start = [], 0
    for part in range(n):
        stop = start + base + (1 if part < larger else 0)
        bounds.append((start, stop))
        start = stop
    return bounds


def _index_bounds(size: int, indices: tuple[int, ...]) -> list[tuple[int, int]]:
    # Note: R57 — the cut points follow the documented slices [start:i1], [i1:i2], [i2:end]
    # (nx.mli:1010) as NumPy's `array_split` reads them (each part is the Python slice
    # `a[i_k : i_(k+1)]`): a negative index counts from the end, an index past the end is
    # clamped to it, and a part whose stop comes before its start is empty. Nx 1.0.0~alpha1
    # compares the cut points before resolving them (`Indices [-1]` of 4 elements gives []
    # and [4]): upstream.
    cuts = [0, *indices, size]
    bounds = []
    for start, stop in pairwise(cuts):
        first, last, _ = slice(start, stop).indices(size)
        bounds.append((first, max(first, last)))
    return bounds


@op("nx", "array_split")
def array_split(sections: Variant, t: Tensor, *, axis: int) -> list[Tensor]:
    resolved = check_axis("array_split", axis, t.ndim)
    size = t.shape[resolved]
    require(
        isinstance(sections, Variant) and sections.name in ("Count", "Indices"),
        "array_split",
        f"sections {sections!r} must be `Count n or `Indices [...]",
    )
    if sections.name == "Count":
        # Note: R57 — fewer than one part cannot hold the elements; NumPy's `array_split` refuses
        # it too. More parts than elements is fine: the last parts are empty.
        require(
            sections.payload > 0,
            "array_split",
            f"`Count {sections.payload}: the number of parts must be positive",
        )
        return parts(t, resolved, _count_bounds(size, sections.payload))
    return parts(t, resolved, _index_bounds(size, tuple(sections.payload)))
