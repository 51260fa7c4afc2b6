"""cast / astype: the elements converted to another dtype, in a new tensor (nx.txt,
"Type Conversion and Copying").

`cast dtype t` (and its synonym `astype`) returns a copy of `t` holding each element
converted to `dtype`, for every pair of the 22 dtypes (cast is total: it never raises).
The conversion rules (READINGS R59 to R64), each element rounded or wrapped
once into the target (`dtypes.to_storage`):

- float → float: round to nearest even, ml_dtypes' saturation rules (float8_e4m3 has no
  infinity: ±inf and values that round beyond ±448 become NaN; float8_e5m2 and the IEEE
  formats overflow to ±inf); NaN stays NaN, -0.0 stays -0.0;
- float → int: truncate toward zero; integer → integer: wrap modulo 2^bits (two's
  complement, the 63-bit `int` included); integer → float: round to nearest even;
- anything → bool: `x <> 0` (NaN is true; a complex number is non-zero when either part
  is); bool → anything: 0 or 1;
- complex → real: the imaginary part is dropped, then the real rules apply;
  real → complex: the real part is the value (a -0.0 stays -0.0: "Returns copy with same
  values in new type", nx.txt:764, and an IEEE 754 conversion keeps the sign of a zero),
  imaginary part +0; complex → complex: each part rounded.
"""

import numpy as np

from reference.dtypes import DType
from reference.nx._cores.elementwise import wide
from reference.registry import op
from reference.tensor import Tensor

_exact_int = np.frompyfunc(int, 1, 1)


def _truncated(values: np.ndarray) -> np.ndarray:
    """Floats truncated toward zero, as exact Python ints (wrapped later by `to_storage`).

    Note: R64 — NaN, ±inf and a truncated value outside the target's range are
    unspecified (no cases); so that cast stays total and silent, the reference
    gives 0 for NaN and ±inf and wraps the others modulo 2^bits like integers.
    """
    finite = np.where(np.isfinite(values), np.trunc(values), 0.0)
    return _exact_int(finite)


@op("nx", "cast")
@op("nx", "astype")
def cast(dtype: DType, t: Tensor) -> Tensor:
    values = wide(t)
    if t.dtype.is_complex and not (dtype.is_complex or dtype.is_bool):
        values = values.real
    if (t.dtype.is_float or t.dtype.is_complex) and dtype.is_integer:
        values = _truncated(values)
    return Tensor.from_values(values, dtype)
