"""arange_f: the floats start, start + step, ... that lie in [start, stop) (nx.txt,
"Array Creation").

Like `arange` for a float dtype and float bounds: value i is start + i * step, computed
in float64 and rounded once to the dtype; the length is ceil((stop - start) / step),
computed in float64 (0 for an empty range). Step must be non-zero. The documentation
warns that, floating-point arithmetic being what it is, the final value may differ
slightly from the expected one.
"""

import math

import numpy as np

from reference.dtypes import DType
from reference.errors import Failure, require
from reference.registry import op
from reference.tensor import Tensor


def require_float_dtype(function: str, dtype: DType) -> None:
    """The signature takes a `(float, 'a) dtype`: a real floating-point dtype."""
    # Note: R8 — OCaml's types refuse a non-float dtype here; a foreign caller that passes one
    # gets Invalid_argument.
    require(dtype.is_float, function,
            f"dtype {dtype.name} is not a float dtype (the signature takes (float, 'a) dtype)")


@op("nx", "arange_f")
def arange_f(dtype: DType, start: float, stop: float, step: float) -> Tensor:
    require_float_dtype("arange_f", dtype)
    # "@raise Failure if [step = 0.0]" (nx.mli:391, the interface file)
    if step == 0:
        raise Failure(f"arange_f: step = {step} (start = {start}, stop = {stop}); "
                      "step must be non-zero")
    span = (stop - start) / step
    require(math.isfinite(span), "arange_f",
            f"start = {start}, stop = {stop}, step = {step}: the length "
            "ceil((stop - start) / step) must be finite")
    # Note: R31 — as for `arange`, the length is ceil((stop - start) / step),
    # like NumPy's `arange` on floats; values start + i * step in float64, rounded once.
    length = max(0, math.ceil(span))
    values = start + np.arange(length, dtype=np.float64) * step
    return Tensor.from_values(values, dtype)
