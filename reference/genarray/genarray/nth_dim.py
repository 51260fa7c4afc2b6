"""nth_dim: the n-th dimension of a Bigarray, counted from 0 in both layouts (bigarray_genarray.txt,
`Genarray.nth_dim`). `Invalid_argument` unless 0 <= n < num_dims a."""

from reference.errors import require
from reference.genarray.bigarray import Bigarray
from reference.registry import op


@op("genarray", "nth_dim")
def nth_dim(a: Bigarray, n: int) -> int:
    require(
        0 <= n < a.num_dims,
        "Genarray.nth_dim",
        f"dimension {n} of a Bigarray of {a.num_dims} dimension(s) (need 0 <= n < {a.num_dims})",
    )
    return a.dims[n]
