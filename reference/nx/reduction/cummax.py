"""cummax: the inclusive cumulative maximum (nx.txt, "Reduction Operations").

`cummax ?axis t`: element i along `axis` is the maximum of elements 0..i; the result has
`t`'s shape and dtype. "NaNs propagate for floating-point dtypes" (documented): from the
first NaN on, every element is NaN. "Defaults to flattening when axis is omitted": the
result is then 1-D. Complex values are ordered by real part, then imaginary part, an
unordered pair keeping the running value (settled by Nx 1.0.0~alpha1); bool is a running "any".
"""

from __future__ import annotations

import numpy as np

from reference.nx.comparison._common import nx_maximum
from reference.nx.reduction._common import scan
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "cummax")
def cummax(t: Tensor, *, axis: int | None = None) -> Tensor:
    return scan("cummax", t, axis, np.maximum, complex_max)


def complex_max(running: complex, element: complex) -> complex:
    # Note: R110 — the documentation has NaNs propagate "for floating-point dtypes" and says
    # nothing of complex ones; settled by Nx 1.0.0~alpha1, whose running maximum of complex
    # values is its element-wise maximum (`nx_maximum`): an unordered pair keeps the
    # running value.
    return complex(nx_maximum(np.asarray(running), np.asarray(element)))
