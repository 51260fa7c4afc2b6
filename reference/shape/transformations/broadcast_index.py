"""broadcast_index: a target index mapped back into a broadcast source (seed 002).

`broadcast_index target_idx source_shape` (Nx_core.Shape) is the index of
`source_shape` that a position of the broadcast result reads: the source aligns with the
right end of the target index, and a source dimension of size 1 (documented) takes index
0; every other dimension takes the target's index.
"""

from reference.errors import check_shape, require
from reference.registry import op


def source_index(function: str, target_idx: tuple[int, ...],
                 source_shape: tuple[int, ...]) -> tuple[int, ...]:
    """The documented `broadcast_index`, under the name of the function that asks."""
    source_shape = check_shape(function, source_shape)
    # Note: R224 — a source of higher rank than the target cannot be broadcast to it (NumPy);
    # the documentation is silent, the reference refuses it. Case: "a source of higher
    # rank than the index raises".
    extra = len(target_idx) - len(source_shape)
    require(extra >= 0, function,
            f"target index {list(target_idx)} has rank {len(target_idx)}, lower than the "
            f"source shape {list(source_shape)}")
    # Note: R224 — like the other index conversions of the module (`ravel_index`: "does not
    # perform bounds checks"), the index is not checked against the source: an index past
    # a dimension that is not 1 passes through. Case: "no bounds check".
    return tuple(0 if size == 1 else target_idx[extra + axis]
                 for axis, size in enumerate(source_shape))


@op("shape", "broadcast_index")
def broadcast_index(target_idx: tuple[int, ...], source_shape: tuple[int, ...]) -> tuple[int, ...]:
    return source_index("broadcast_index", target_idx, source_shape)
