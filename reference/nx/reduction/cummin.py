"""cummin: the inclusive cumulative minimum (nx.txt, "Reduction Operations").

`cummin ?axis t`: element i along `axis` is the minimum of elements 0..i; the result has
`t`'s shape and dtype. "NaNs propagate for floating-point dtypes" (documented): from the
first NaN on, every element is NaN. "Defaults to flattening when axis is omitted": the
result is then 1-D. Complex values are ordered by real part, then imaginary part, an
unordered pair keeping the new element (settled by Nx 1.0.0~alpha1); bool is a running "all".
"""

from __future__ import annotations

import numpy as np

from reference.nx.reduction._common import scan
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cummin")
def cummin(t: Tensor, *, axis: int | None = None) -> Tensor:
    return scan("cummin", t, axis, np.minimum, complex_min)


def complex_min(running: complex, element: complex) -> complex:
    """By real part, then imaginary part; an unordered pair gives the new element."""
    # Note: R110 — the documentation has NaNs propagate "for floating-point dtypes" and says
    # nothing of complex ones; settled by Nx 1.0.0~alpha1, whose running minimum of complex
    # values keeps the running value only where its real part is smaller, or its real
    # part is equal and its imaginary part smaller.
    if running.real < element.real:
        return running
    if running.real > element.real:
        return element
    return running if running.imag < element.imag else element
