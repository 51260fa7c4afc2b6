"""Integer division as OCaml and C do it: the quotient truncated toward zero and the
remainder with the sign of the dividend (nx.txt, `div`: "Integer division for integers
(truncates toward zero)"; READINGS R82, R83).
"""

from __future__ import annotations

import numpy as np

from reference.errors import DivisionByZero


def require_nonzero_divisors(function: str, divisor: np.ndarray) -> None:
    """Integer division or modulo by zero raises `Division_by_zero`, as OCaml's `/` and
    `mod` do (float division is IEEE and never raises)."""
    if np.any(divisor == 0):
        raise DivisionByZero(f"{function}: integer division by zero (a divisor element is 0)")


def truncated_divmod(function: str, x: np.ndarray, y: np.ndarray):
    """`(q, r)` with `x = q * y + r`, `q` rounded toward zero, `r` of `x`'s sign.

    Algorithm: NumPy's floor division, corrected by one where it differs from truncation
    (the remainder is non-zero and the operands' signs differ). int64 min / -1 wraps to
    min (as `Int64.div` does); narrower widths compute it exactly and wrap when stored.
    """
    require_nonzero_divisors(function, y)
    floor_quotient, floor_remainder = np.divmod(x, y)
    toward_zero = (floor_remainder != 0) & ((x < 0) != (y < 0))
    return floor_quotient + toward_zero, floor_remainder - toward_zero * y
