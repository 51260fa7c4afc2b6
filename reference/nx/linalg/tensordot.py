"""tensordot: contraction of two tensors over paired axes (nx.txt, "Linear Algebra").

`axes = (axes_a, axes_b)` pairs axis axes_a.(i) of `a` with axis axes_b.(i) of `b`
(negative axes count from the end); paired axes must have the same size and are summed
over. The result's axes are the remaining axes of `a`, then those of `b`, in order. By
default the last axis of `a` is contracted with the first axis of `b` (documented).
Empty lists give the outer product; contracting everything gives a 0-D tensor.
"""

from reference.errors import check_axes, require
from reference.nx._cores.elementwise import same_dtype
from reference.nx.linalg._common import contract, wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "tensordot")
def tensordot(a: Tensor, b: Tensor, *,
              axes: tuple[tuple[int, ...], tuple[int, ...]] | None = None) -> Tensor:
    dtype = same_dtype("tensordot", a, b)
    # Note: R140 — the documented default is "last of a, first of b" (one pair; NumPy's default
    # is the last two of a with the first two of b). A 0-D operand has no such axis and
    # the default then raises.
    axes_a, axes_b = ((-1,), (0,)) if axes is None else axes
    require(len(axes_a) == len(axes_b), "tensordot",
            f"axes {list(axes_a)} and {list(axes_b)} pair {len(axes_a)} axes of a with "
            f"{len(axes_b)} of b; the lists must have the same length")
    summed_a = check_axes("tensordot", axes_a, a.ndim)
    summed_b = check_axes("tensordot", axes_b, b.ndim)
    for p, q in zip(summed_a, summed_b, strict=True):
        require(a.shape[p] == b.shape[q], "tensordot",
                f"axis {p} of a (shape {list(a.shape)}) has size {a.shape[p]} but axis {q} of "
                f"b (shape {list(b.shape)}) has size {b.shape[q]}; paired axes must agree")
    return Tensor.from_values(contract(wide(a), wide(b), ((), ()), (summed_a, summed_b)), dtype)
