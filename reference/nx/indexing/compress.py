"""compress: keep the slices where a condition holds (nx.txt, "Element Access and
Slicing").

NumPy's `compress` ("Equivalent to NumPy's compress. condition is a 1D boolean array",
nx.txt:969): `condition` is a 1-D uint8 tensor, non-zero meaning true (another rank is
refused, as NumPy refuses it: READINGS R78); a 0-d `t` flattens to one element. With `axis`
it must be as long as that axis, and the result keeps the positions along it where the
condition is true; without `axis`, `t` is flattened first (row-major) and the condition
must be as long as `t` has elements. The result is a new tensor.
"""

import numpy as np

from reference.dtypes import UINT8
from reference.errors import check_axis, require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "compress")
def compress(t: Tensor, *, condition: Tensor, axis: int | None = None) -> Tensor:
    require(
        condition.dtype is UINT8 and condition.ndim == 1,
        "compress",
        f"condition must be a 1-D uint8 tensor, got {condition.dtype.name} of shape "
        f"{list(condition.shape)}",
    )
    source = t.values()
    if axis is None:
        source, axis = source.reshape(-1), 0
    else:
        axis = check_axis("compress", axis, t.ndim)
    # Note: R78 — the condition must be exactly as long as the axis (documented with `axis`,
    # read the same way without it); NumPy also accepts a shorter one.
    require(
        condition.shape[0] == source.shape[axis],
        "compress",
        f"condition has length {condition.shape[0]}, but the axis has size {source.shape[axis]}",
    )
    return Tensor.from_values(np.compress(condition.values() != 0, source, axis=axis), t.dtype)
