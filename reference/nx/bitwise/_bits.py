"""What the bitwise operations accept (nx.txt, "Bitwise Operations": "on integer
arrays").

They work on the two's-complement bits of the integer dtypes (the wide int64 value of a
signed element is sign-extended, so its bits above the width are copies of the sign
and every result wraps back into the width exactly), and on bool as one bit. Floats
and complex numbers have no documented bit pattern: `Invalid_argument`.
"""

from __future__ import annotations

from reference.dtypes import DType
from reference.errors import invalid


def require_bits(function: str, dtype: DType) -> None:
    # Note: R116 — the documentation restricts the section to integer arrays without naming the
    # failure; a documented restriction (READINGS R4) gives
    # Invalid_argument for float and complex dtypes. bool is accepted as one bit
    # (READINGS R117).
    if dtype.is_float or dtype.is_complex:
        raise invalid(function, f"bitwise operations need an integer or bool dtype, "
                                f"not {dtype.name}")


def require_shiftable(function: str, dtype: DType) -> None:
    """The shifts refuse what `require_bits` refuses, and bool, int4, uint4, qint8 and
    quint8 too."""
    # Note: R241 — the shifts "@raise Invalid_argument if shift negative or non-integer
    # dtype"; which dtypes are not integer ones is not said. Settled by Nx 1.0.0~alpha1,
    # which refuses bool ("expected integer type") and the 4-bit and quantized kinds
    # ("power_of_two: invalid dtype int4 (not an integer type)") with Invalid_argument.
    require_bits(function, dtype)
    if dtype.is_bool or dtype.name in ("int4", "uint4", "qint8", "quint8"):
        raise invalid(function, f"shifts need an 8- to 64-bit integer dtype, not {dtype.name}")


def require_shift(function: str, shift: int) -> None:
    # Note: R120 — a negative shift is not documented; it is refused rather than
    # shifting the other way.
    if shift < 0:
        raise invalid(function, f"shift {shift} is negative; it must be >= 0")
