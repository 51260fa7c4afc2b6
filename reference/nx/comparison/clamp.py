"""clamp (and its synonym clip): limit values to a range (nx.txt, "Comparison and
Logical Operations").

`clamp ?min ?max t` "limits values to range." (nx.txt:1417) "Elements below min become
min, above max become max." (nx.txt:1418); `clip` "is synonym for clamp" (nx.txt:1425).
Both bounds are optional elements of `t`'s element type; without either the result is a
copy of `t`, in its dtype.

The result is min(max(x, min), max) element-wise (NumPy's `clip`), with maximum and minimum
propagating NaN (IEEE 754-2019, READINGS R110): a NaN element is neither below min nor
above max and stays NaN, and a NaN bound makes every element NaN; when min > max every
element becomes max. Complex values have no documented order (R113): the reference takes
NumPy's lexicographic order.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import scalar_operand, unary, wide
from reference.registry import op
from reference.tensor import Tensor


# Note: R112 — the documentation is silent on min > max; the suite follows NumPy's `clip`
# (READINGS R3). NaN propagates as in maximum and minimum (R111). Cases pin both.
@op("nx", "clamp")
@op("nx", "clip")
def clamp(t: Tensor, *, min=None, max=None) -> Tensor:
    lower = None if min is None else wide(scalar_operand("clamp", t, min))
    upper = None if max is None else wide(scalar_operand("clamp", t, max))

    def limit(values: np.ndarray) -> np.ndarray:
        if lower is not None:
            values = np.maximum(values, lower)
        if upper is not None:
            values = np.minimum(values, upper)
        return values
    return unary("clamp", t, limit)
