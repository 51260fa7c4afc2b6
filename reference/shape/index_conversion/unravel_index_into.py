"""unravel_index_into: `unravel_index`, written into an array (nx_core_shape.txt, Nx_core.Shape).

`unravel_index_into k shape dst` stores the multi-index of k (see `unravel_index`) in
`dst` and returns unit. Documented: `dst` must have length `Array.length shape`;
`Invalid_argument` if k is out of bounds.
"""

from reference.errors import require
from reference.registry import op
from reference.shape.index_conversion.unravel_index import unravel


def write_into(function: str, dst: list[int], values: tuple[int, ...]) -> None:
    """Store `values` in the OCaml `int array` `dst`, which must have their length."""
    # Note: R9 — the documentation says a `dst` of the wrong length "may raise
    # Invalid_argument via OCaml's bounds checks": a shorter `dst` certainly does (case
    # "a dst shorter than the rank raises"); the reference also refuses a longer one,
    # which OCaml might fill partly without failing, so no case pins that.
    require(len(dst) == len(values), function,
            f"dst has length {len(dst)}; it must have length {len(values)}")
    dst[:] = values


@op("shape", "unravel_index_into")
def unravel_index_into(k: int, shape: tuple[int, ...], dst: list[int]) -> None:
    write_into("unravel_index_into", dst, unravel("unravel_index_into", k, shape))
