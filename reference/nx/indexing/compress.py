"""compress: keep the slices where a condition holds (nx.txt, "Element Access and
Slicing").

NumPy's `compress`: `condition` is a uint8 tensor read as 1-D, non-zero meaning true. With `axis`
it must be as long as that axis, and the result keeps the positions along it where the
condition is true; without `axis`, `t` is flattened first (row-major) and the condition
must be as long as `t` has elements. The result is a new tensor.
"""

import numpy as np

from reference.dtypes import UINT8
from reference.errors import check_axis, require
from reference.nx.shape._common import refuse_scalar
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "compress")
def compress(t: Tensor, *, condition: Tensor, axis: int | None = None) -> Tensor:
    require(
        condition.dtype is UINT8,
        "compress",
        f"condition must be a uint8 tensor, got {condition.dtype.name}",
    )
    # Note: R78 — "condition is a 1D boolean array", but no failure is documented for another
    # rank (only for an incompatible length). Settled by Nx 1.0.0~alpha1: a condition of
    # any rank is read flattened, as a 1-D tensor of its elements.
    flags = condition.values().reshape(-1) != 0
    source = t.values()
    if axis is None:
        refuse_scalar("compress", t)
        source, axis = source.reshape(-1), 0
    else:
        axis = check_axis("compress", axis, t.ndim)
    # Note: R78 — the condition must be exactly as long as the axis (documented with `axis`,
    # read the same way without it); NumPy also accepts a shorter one.
    require(
        flags.size == source.shape[axis],
        "compress",
        f"condition has length {flags.size}, but the axis has size {source.shape[axis]}",
    )
    return Tensor.from_values(np.compress(flags, source, axis=axis), t.dtype)
