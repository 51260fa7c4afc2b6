"""unravel_index: the multi-index of a linear position (nx_core_shape.txt, Nx_core.Shape).

`unravel_index k shape` is the index of element k of a C-contiguous layout of `shape`:
the digits of k in the mixed radix of the dimensions, last dimension fastest.
Documented: for `shape = [||]`, k must be 0 (the result is `[||]`); for a zero-size
shape only k = 0 is accepted and the result is zeros of the shape's rank; any other k
outside [0, numel shape) raises `Invalid_argument`.
"""

from math import prod

from reference.errors import check_shape, require
from reference.registry import op


def unravel(function: str, k: int, shape: tuple[int, ...]) -> tuple[int, ...]:
    """The documented `unravel_index`, under the name of the function that asks."""
    shape = check_shape(function, shape)
    size = prod(shape)
    # Note: R220 — on a zero-size shape only k = 0 is accepted (as documented)
    # and gives zeros, although it names no element.
    require(0 <= k < max(size, 1), function,
            f"linear index {k} is out of bounds for shape {list(shape)} "
            f"(need 0 <= k < {max(size, 1)})")
    index = [0] * len(shape)
    if size == 0:
        return tuple(index)
    for axis in range(len(shape) - 1, -1, -1):
        k, index[axis] = divmod(k, shape[axis])
    return tuple(index)


@op("shape", "unravel_index")
def unravel_index(k: int, shape: tuple[int, ...]) -> tuple[int, ...]:
    return unravel("unravel_index", k, shape)
