"""argmax: the position of the largest element (nx.txt, "Reduction Operations").

`argmax ?axis ?keepdims t`: along `axis`, the index of the maximum, as int32. "Returns
index of first occurrence for ties. If axis not specified, operates on flattened tensor
and returns scalar" (a 0-d result indexing the row-major flattening; with `keepdims`,
every dimension of size 1, as in NumPy). NaN counts as the largest value: the first NaN
wins (READINGS R131, as NumPy). Complex values are ordered as Nx's maximum orders them
(by real part, then imaginary part; settled by Nx 1.0.0~alpha1, READINGS R110,
`complex_argmax`). A zero-size axis has no maximum: `Invalid_argument`.
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import INT32
from reference.nx._cores.reduce import reduce
from reference.registry import op
from reference.tensor import Tensor


def complex_argmax(groups: np.ndarray) -> np.ndarray:
    """The position of the running maximum along the last axis, in the order of Nx's
    complex maximum: a later element takes the lead where its real part is greater, or
    the real parts are not ordered either way and the leader's imaginary part is not >=
    its own; ties keep the first."""
    # Note: R110 — the documentation says nothing of complex values or NaN here; settled
    # by Nx 1.0.0~alpha1, whose argmax of [1, nan, nan i] is 0: its complex maximum
    # (`comparison._common.nx_maximum`) never lets a NaN part take the lead from 1.
    lead, best = groups[..., 0], np.zeros(groups.shape[:-1], dtype=np.int64)
    for j in range(1, groups.shape[-1]):
        x = groups[..., j]
        unordered = ~(lead.real > x.real) & ~(lead.real < x.real)
        takes = (lead.real < x.real) | (unordered & ~(lead.imag >= x.imag))
        lead, best = np.where(takes, x, lead), np.where(takes, j, best)
    return best


@op("nx", "argmax")
def argmax(t: Tensor, *, axis: int | None = None, keepdims: bool = False) -> Tensor:
    kernel = complex_argmax if t.dtype.is_complex else lambda groups: np.argmax(groups, axis=-1)
    return reduce("argmax", t, None if axis is None else [axis], keepdims, kernel,
                  result_dtype=INT32, needs_elements=True, exact_in_storage=True)
