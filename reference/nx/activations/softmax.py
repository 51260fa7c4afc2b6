"""softmax: exp(x - max) / sum(exp(x - max)) over `axes` (nx.txt, "Activation
Functions").

`softmax ?axes t`: the axes default to [-1] (documented "Default axis -1"); negative axes
count from the end, a repeated or out-of-range axis raises (READINGS
R127, R128). Over several axes the normalisation runs over all of them together (each slice
spanned by `axes` sums to 1); `~axes:[]` normalises each element alone (exp 0 / exp 0 =
1, READINGS R129). The maximum is subtracted first, as
documented, so large inputs do not overflow. The result is the documented formula
evaluated in float64 on the exact input and rounded once into the dtype. IEEE values
follow the formula: a NaN in a slice makes the slice NaN, a slice of -inf only is NaN
(-inf - -inf), a slice holding +inf is NaN (inf - inf), -inf elsewhere gives 0. A 0-d
tensor has no axis -1 and raises (NumPy's `max(x, axis=-1)`). Float dtypes only.
"""

from collections.abc import Sequence

import numpy as np

from reference.errors import check_axes
from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import require_float
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "softmax")
def softmax(t: Tensor, *, axes: Sequence[int] = (-1,)) -> Tensor:
    require_float("softmax", t)
    # Note: R186 — a 0-d tensor has no axis -1 and raises; `~axes:[]` normalises each element
    # alone (READINGS R129: `~axes:[]` reduces nothing), giving ones.
    resolved = check_axes("softmax", axes, t.ndim)

    def normalise(x: np.ndarray) -> np.ndarray:
        if x.size == 0:
            return x
        shifted = np.exp(x - np.max(x, axis=resolved, keepdims=True))
        return shifted / np.sum(shifted, axis=resolved, keepdims=True)

    return unary("softmax", t, normalise)
