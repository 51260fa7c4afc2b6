"""What the Printing and Display functions share (nx.txt, "Printing and Display").

- `format_g`: a float as OCaml's `Printf.sprintf "%g"` writes it, the element format of
  the documentation's printed tensors (`0.2`, `3.14`, `-0.909091`, `-0`, `nan`).
- `output`: the stream a `Format.formatter` argument stands for.

`%g` (ISO C 7.21.6.1, which OCaml's `Printf` defers to): precision P = 6 significant
digits. Round the value to P significant digits (correctly: the exact binary value,
ties to even, as glibc and Python's `%` operator do) and let X be the decimal exponent
of the rounded value. If -4 <= X < P, write it in fixed notation with P - 1 - X
decimals, else in exponent notation `d.ddddde±XX` (at least two exponent digits); then
drop trailing zeros of the fraction, and the point if no fraction is left. Infinities
are `inf` / `-inf`; the sign of zero is kept (`-0`).
"""

from __future__ import annotations

import io
import math
from decimal import ROUND_HALF_EVEN, Context, Decimal
from typing import TextIO

from reference.errors import require
from reference.shape.formatting.pp import FORMATTERS

PRECISION = 6
_SIGNIFICANT = Context(prec=PRECISION, rounding=ROUND_HALF_EVEN)


def format_g(x: float) -> str:
    """`Printf.sprintf "%g" x`."""
    # Note: R204 — a NaN is written `nan` whatever its sign bit (
    # glibc would write `-nan` for a NaN with the sign bit set, which the documentation
    # never shows).
    if math.isnan(x):
        return "nan"
    sign = "-" if math.copysign(1.0, x) < 0 else ""
    if math.isinf(x):
        return sign + "inf"
    if x == 0:
        return sign + "0"
    rounded = _SIGNIFICANT.plus(Decimal(abs(x)))  # Decimal(float) is exact
    digits = "".join(map(str, rounded.as_tuple().digits)).ljust(PRECISION, "0")
    exponent = rounded.adjusted()
    if -4 <= exponent < PRECISION:
        if exponent >= 0:
            whole, fraction = digits[: exponent + 1], digits[exponent + 1 :]
        else:
            whole, fraction = "0", "0" * (-exponent - 1) + digits
        fraction = fraction.rstrip("0")
        return sign + whole + ("." + fraction if fraction else "")
    fraction = digits[1:].rstrip("0")
    return f"{sign}{digits[0]}{'.' + fraction if fraction else ''}e{exponent:+03d}"


def output(function: str, fmt) -> TextIO:
    """The stream a formatter argument writes to: a Stdlib formatter named by a case
    (`std_formatter`, `err_formatter`), or the buffer formatter of `format_to_string`."""
    if isinstance(fmt, io.StringIO):
        return fmt
    require(isinstance(fmt, str) and fmt in FORMATTERS, function,
            f"formatter {fmt!r} is not one the reference knows ({', '.join(FORMATTERS)}, "
            f"or the buffer of format_to_string)")
    return FORMATTERS[fmt]()
