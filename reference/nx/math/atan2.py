"""atan2: the angle of the point (x, y), in radians (nx.txt, "Mathematical Functions").

`atan2 y x` is the arctangent of y / x with the quadrant taken from the signs of both
operands, in [-π, π] (documented: atan2 1 1 = π/4, atan2 1 0 = π/2, atan2 0 0 = 0).
The operands broadcast and have one float dtype (`(float, 'a) t`). IEEE 754 / C99
special values hold, signed zeros included: atan2 (+0) (-0) = π, atan2 (-0) (-0) = -π,
atan2 y (+inf) = ±0, atan2 (±inf) (±inf) = ±π/4 or ±3π/4; NaN propagates. The result is
the exactly rounded angle: computed in float64 (the C library's atan2) and rounded once.
"""

import numpy as np

from reference.nx._cores.elementwise import binary
from reference.nx.math._domain import require_float
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "atan2")
def atan2(y: Tensor, x: Tensor) -> Tensor:
    require_float("atan2", y)
    require_float("atan2", x)
    return binary("atan2", y, x, np.arctan2)
