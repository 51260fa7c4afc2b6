"""unsqueeze, unsqueeze_axis, expand_dims: insert dimensions of size 1 (nx.txt,
"Shape Manipulation").

`unsqueeze ~axes t` inserts a size-1 dimension at each listed position; positions are
those of the *result* (its rank is `ndim t` plus the number of axes), so negative axes
count from the end of the result. `unsqueeze_axis axis t` is `unsqueeze ~axes:[axis] t`;
`expand_dims axes t` (documented by its signature only) is `unsqueeze ~axes t`, as
NumPy's `expand_dims`. The result is a view of `t`.
"""

from reference.errors import check_axes, require
from reference.nx.shape._common import reshaped
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "unsqueeze")
def unsqueeze(t: Tensor, *, axes: tuple[int, ...] | None = None) -> Tensor:
    # Note: R51 — the documentation gives no default for `?axes` ("inserts dimensions of size 1
    # at specified positions"); without positions there is nothing specified, and the
    # call is refused, as NumPy's `expand_dims` and PyTorch's `unsqueeze` require an axis.
    require(axes is not None, "unsqueeze", "no ~axes given; the positions must be specified")
    # Note: R51 — positions are those of the result (the worked example inserts at position 2 of
    # a 1-D tensor; spec/ERRATA.md, nx.unsqueeze), so negative ones count from the end of
    # the result, as in NumPy's `expand_dims`.
    rank = t.ndim + len(axes)
    inserted = set(check_axes("unsqueeze", axes, rank))
    sizes = iter(t.shape)
    return reshaped("unsqueeze", t, tuple(1 if axis in inserted else next(sizes)
                                          for axis in range(rank)))


@op("nx", "unsqueeze_axis")
def unsqueeze_axis(axis: int, t: Tensor) -> Tensor:
    return unsqueeze(t, axes=(axis,))


@op("nx", "expand_dims")
def expand_dims(axes: tuple[int, ...], t: Tensor) -> Tensor:
    return unsqueeze(t, axes=axes)
