"""tensorsolve: the solution x of the tensor equation tensordot(a, x) = b (nx.txt,
"Solving Linear Systems").

`tensorsolve ?axes a b` (NumPy `tensorsolve`): first the axes of a listed in `axes` are
moved to the end, in that order. Then the leading b.ndim axes of a must be b's shape,
and x has the shape of the remaining axes of a, holding as many elements as b: x solves
sum over x's indices of a[I, J] x[J] = b[I], which is the square linear system
reshape(a, [N; N]) · vec(x) = vec(b), N = numel b, solved by `solve`. A singular system
raises `Invalid_argument` (see the note).
"""

import math

import numpy as np

from reference.errors import check_axes, require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.matrices import float_values
from reference.nx.solve.solve import solved
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "tensorsolve")
def tensorsolve(a: Tensor, b: Tensor, *, axes: tuple[int, ...] | None = None) -> Tensor:
    same_dtype("tensorsolve", a, b)
    left, right = float_values("tensorsolve", a), float_values("tensorsolve", b)
    if axes is not None:
        moved = check_axes("tensorsolve", axes, a.ndim)
        left = np.moveaxis(left, moved, tuple(range(a.ndim - len(moved), a.ndim)))
    require(
        b.ndim <= a.ndim and left.shape[: b.ndim] == b.shape,
        "tensorsolve",
        f"b has shape {list(b.shape)}; it must be the leading axes of a "
        f"{list(left.shape)} (after moving ~axes to the end)",
    )
    unknowns = left.shape[b.ndim :]
    size = math.prod(b.shape)
    require(
        math.prod(unknowns) == size,
        "tensorsolve",
        f"a {list(left.shape)} and b {list(b.shape)} do not make a square system: x "
        f"would have shape {list(unknowns)}, with {math.prod(unknowns)} elements, "
        f"and b has {size}",
    )
    square = left.reshape(size, size)
    # Note: R160 — a singular system raises Invalid_argument, as `solve`'s; the cases also
    # accept the pseudo-inverse solution pinv(A) vec(b) that Nx 1.0.0~alpha1 gives.
    x = solved("tensorsolve", square, right.reshape(size, 1))
    return Tensor.from_values(x.reshape(unknowns), a.dtype)
