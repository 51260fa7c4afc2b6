"""What the bitwise operations accept (nx.txt, "Bitwise Operations": "on integer
arrays").

They work on the two's-complement bits of the integer dtypes (the wide int64 value of a
signed element is sign-extended, so its bits above the width are copies of the sign
and every result wraps back into the width exactly), and on bool as one bit. Floats
and complex numbers have no documented bit pattern (nx.txt:1428: "Bitwise operations on
integer arrays."): `Invalid_argument`.
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
    """The shifts refuse what `require_bits` refuses, and bool.

    nx.mli:1900 and nx.mli:1913 (lshift, rshift): "@raise Invalid_argument if shift negative
    or non-integer dtype". The dtype section (nx.txt:38-45) types a bool's elements as OCaml
    `bool`, not an integer; int4, uint4, qint8 and quint8 hold OCaml `int`s, so they are
    integer dtypes and shift like the others.
    """
    # Note: R241 — which dtypes are "integer" ones is read from the dtype section: every dtype
    # whose element type is an OCaml integer. Nx 1.0.0~alpha1 also refuses int4, uint4, qint8
    # and quint8 (upstream).
    require_bits(function, dtype)
    if dtype.is_bool:
        raise invalid(function, "shifts need an integer dtype, not bool")


def require_shift(function: str, shift: int) -> None:
    # Note: R120 — "@raise Invalid_argument if shift negative" (nx.mli:1900, nx.mli:1913):
    # a negative shift is refused rather than shifting the other way.
    if shift < 0:
        raise invalid(function, f"shift {shift} is negative; it must be >= 0")
