"""clamp (and its synonym clip): limit values to a range (nx.txt, "Comparison and
Logical Operations").

`clamp ?min ?max t` "limits values to range. Elements below min become min, above max
become max"; `clip` "is synonym for clamp". Both bounds are optional elements of `t`'s
element type; without either the result is a copy of `t`, in its dtype.

The result is minimum (maximum x min) max element-wise, with Nx 1.0.0~alpha1's maximum
and minimum (`_common`): a NaN element becomes min (max without min), a NaN min bound
makes every element max (NaN without max); when min > max every element becomes max. On
complex values an upper bound is refused, as `minimum` refuses them (Nx 1.0.0~alpha1
limits from above with minimum); a lower bound alone orders them as `maximum` does.
"""

from __future__ import annotations

import numpy as np

from reference.nx._cores.elementwise import scalar_operand, unary, wide
from reference.nx.comparison._common import nx_maximum, nx_minimum, refuse_complex
from reference.registry import op
from reference.tensor import Tensor


# Note: R112 — the documentation is silent on min > max and NaN; the suite follows NumPy's
# `clip` for min > max (READINGS R3) and Nx 1.0.0~alpha1 for NaN (R111, settled: clamp is
# its maximum, then its minimum). Cases pin both.
@op("nx", "clamp")
@op("nx", "clip")
def clamp(t: Tensor, *, min=None, max=None) -> Tensor:
    if max is not None:
        refuse_complex("clamp", t)
    lower = None if min is None else wide(scalar_operand("clamp", t, min))
    upper = None if max is None else wide(scalar_operand("clamp", t, max))

    def limit(values: np.ndarray) -> np.ndarray:
        if lower is not None:
            values = nx_maximum(values, lower)
        if upper is not None:
            values = nx_minimum(values, upper)
        return values
    return unary("clamp", t, limit)
