"""What `sub_left`/`sub_right` and `slice_left`/`slice_right` share (bigarray_genarray.txt).

Each keeps one contiguous block of the storage, because each restricts or fixes the
dimensions that vary slowest in memory: the first ones in C layout (`_left`), the last
ones in Fortran layout (`_right`). The result is a Bigarray over that block (a view:
the same storage).
"""

from math import prod

from reference.errors import require
from reference.genarray.bigarray import Bigarray


def sub(function: str, a: Bigarray, ofs: int, length: int) -> Bigarray:
    """`a` with its outermost dimension (the first in C layout, the last in Fortran
    layout) restricted to the coordinates [ofs, ofs + length - 1]."""
    # Note: R225 — a 0-dimensional Bigarray has no dimension to restrict (the documented bound,
    # `nth_dim a 0`, itself raises): Invalid_argument.
    require(a.num_dims > 0, function, "a 0-dimensional Bigarray has no dimension to restrict")
    outer = 0 if a.is_c else a.num_dims - 1
    start = ofs - a.origin
    require(
        start >= 0 and length >= 0 and start + length <= a.dims[outer],
        function,
        f"ofs {ofs} and len {length} do not designate a sub-array of dimension {outer} "
        f"(size {a.dims[outer]}, coordinates from {a.origin} in {a.layout})",
    )
    dims = tuple(length if axis == outer else dim for axis, dim in enumerate(a.dims))
    inner = prod(dim for axis, dim in enumerate(a.dims) if axis != outer)
    return a.block(dims, start * inner)


def slice_(function: str, a: Bigarray, index: tuple[int, ...]) -> Bigarray:
    """`a` with its M outermost coordinates fixed to `index` (the first M in C layout,
    the last M in Fortran layout): a Bigarray of the N - M others."""
    m, n = len(index), a.num_dims
    # Note: R226 — the documentation raises when M >= N, so fixing every coordinate is an error;
    # OCaml 4.13 returns a 0-dimensional slice for M = N (spec/ERRATA.md, genarray.slice_left).
    require(
        m < n,
        function,
        f"{m} coordinate(s) for a Bigarray of {n} dimension(s); a slice fixes fewer (M < N)",
    )
    fixed, kept = (a.dims[:m], a.dims[m:]) if a.is_c else (a.dims[n - m :], a.dims[: n - m])
    # Note: R226 — only the fixed coordinates are checked; a slice of kept dimensions of size 0
    # is an empty slice, not an error (OCaml 4.13 raises: spec/ERRATA.md).
    a.check_coordinates(function, index, fixed)
    return a.block(kept, a.position(index, fixed) * prod(kept))
