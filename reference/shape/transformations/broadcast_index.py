"""broadcast_index: a target index mapped back into a broadcast source (nx_core_shape.txt).

`broadcast_index target_idx source_shape` (Nx_core.Shape) is the index of
`source_shape` that a position of the broadcast result reads: the source aligns with the
right end of the target index, and a source dimension of size 1 (documented) takes index
0; every other dimension takes the target's index.
"""

from reference.errors import check_shape
from reference.registry import op


def source_index(function: str, target_idx: tuple[int, ...],
                 source_shape: tuple[int, ...]) -> tuple[int, ...]:
    """The documented `broadcast_index`, under the name of the function that asks."""
    source_shape = check_shape(function, source_shape)
    # Note: R224 — the documentation is silent on a source of higher rank than the target
    # index. The alignment stays on the right and a source dimension that no position of
    # the index reaches takes index 0, as a size-1 one does, as Nx 1.0.0~alpha3 does (the
    # case accepts a refusal too, NumPy's answer). Case: "a source of higher rank than the
    # index reads index 0 on the left or raises".
    extra = len(target_idx) - len(source_shape)
    # Note: R224 — like the other index conversions of the module (`ravel_index`: "does not
    # perform bounds checks"), the index is not checked against the source: an index past
    # a dimension that is not 1 passes through. Case: "no bounds check".
    return tuple(0 if size == 1 or extra + axis < 0 else target_idx[extra + axis]
                 for axis, size in enumerate(source_shape))


@op("shape", "broadcast_index")
def broadcast_index(target_idx: tuple[int, ...], source_shape: tuple[int, ...]) -> tuple[int, ...]:
    return source_index("broadcast_index", target_idx, source_shape)
