"""broadcast_index_into: `broadcast_index`, written into an array (nx_core_shape.txt).

`broadcast_index_into target_idx source_shape dst` (Nx_core.Shape) stores the source
index of `target_idx` (see `broadcast_index`) in `dst` and returns unit. Documented:
`dst` must have length `Array.length source_shape`.
"""

from reference.registry import op
from reference.shape.index_conversion.unravel_index_into import write_into
from reference.shape.transformations.broadcast_index import source_index


@op("shape", "broadcast_index_into")
def broadcast_index_into(target_idx: tuple[int, ...], source_shape: tuple[int, ...],
                         dst: list[int]) -> None:
    write_into("broadcast_index_into", dst,
               source_index("broadcast_index_into", target_idx, source_shape))
