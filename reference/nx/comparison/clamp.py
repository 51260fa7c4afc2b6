"""clamp (and its synonym clip): limit values to a range (seed 001, "Comparison and
Logical Operations").

`clamp ?min ?max t` "limits values to range. Elements below min become min, above max
become max"; `clip` "is synonym for clamp". Both bounds are optional elements of `t`'s
element type; without either the result is a copy of `t`, in its dtype.

The result is min(max(x, min), max) element-wise (NumPy's `clip`): a NaN element stays
NaN and a NaN bound makes every element NaN (NaN propagates, as in `maximum`); when
min > max every element becomes max. On complex values an upper bound is refused, as
`minimum` refuses them (Nx 1.0.0~alpha1 limits from above with minimum); a lower bound
alone orders them lexicographically, as `maximum` does.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import scalar_operand, unary, wide
from reference.nx.comparison._common import refuse_complex
from reference.registry import op
from reference.tensor import Tensor


# Note: R112 — the documentation is silent on min > max and NaN; the suite follows NumPy's
# `clip` (READINGS R3; NaN propagates: R111). Cases pin both.
@op("nx", "clamp")
@op("nx", "clip")
def clamp(t: Tensor, *, min=None, max=None) -> Tensor:
    if max is not None:
        refuse_complex("clamp", t)
    lower = None if min is None else wide(scalar_operand("clamp", t, min))
    upper = None if max is None else wide(scalar_operand("clamp", t, max))

    def limit(values: np.ndarray) -> np.ndarray:
        if lower is not None:
            values = np.maximum(values, lower)
        if upper is not None:
            values = np.minimum(values, upper)
        return values
    return unary("clamp", t, limit)
