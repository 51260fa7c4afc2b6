"""Which dtypes the functions of "Mathematical Functions" and "Activation Functions"
(nx.txt:1142, nx.txt:2112) take, and how a real-valued rule gives an integer result.

The documented signatures say it in two ways:

- `(float, 'a) t -> (float, 'a) t` (log, exp, cos, ..., and every activation but relu):
  the element type is OCaml's `float`, so only the float dtypes (float16/32/64,
  bfloat16, float8_e4m3, float8_e5m2) are accepted. OCaml's types refuse the others at
  compile time; a foreign caller that passes one gets `Invalid_argument`.
- `('a, 'b) t -> ('a, 'b) t` (abs, sign, square, sqrt, rsqrt, recip, log2, exp2, sin,
  hypot, trunc, lerp, relu): any element type, and the result has the input's dtype
  (no promotion, READINGS R7). Each function says which families it takes.

Note: R103 — bool is refused by every function of these sections. Its element type is OCaml's
`bool`, on which no arithmetic is defined; NumPy (READINGS R3) either
refuses bool in these ufuncs (`sign`) or promotes it to a float dtype, which Nx cannot
do. One rule for all of them keeps the suite from inventing a bool arithmetic. The
polymorphic signatures admit bool, so where the documentation is silent the cases of abs,
sign, square, trunc, relu and lerp accept a value too (the input unchanged; lerp's formula
in R90's bool arithmetic), which Nx 1.0.0~alpha1 returns.

Note: R100 — an integer dtype given to a polymorphic function whose mathematical value is not
an integer (sqrt, sin, ...) stores that value the way `cast` stores a float in an integer
dtype (READINGS R60: truncated toward zero), wrapped modulo 2^bits like
every integer result. The value is computed exactly on the integers (math.isqrt,
bit lengths), never through a float64 that would round large int64 values. The signatures
admit integers and the documentation gives no value, so the cases of sqrt, rsqrt, log2, exp2
and sin accept a refusal too (R100, R102: Nx 1.0.0~alpha1 refuses).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import NoReturn, TypeVar

import numpy as np

from reference.errors import invalid, require
from reference.registry import op
from reference.tensor import Tensor

Entry = TypeVar("Entry")


def require_float(function: str, t: Tensor) -> None:
    """The signature takes `(float, 'a) t`: a real floating-point dtype."""
    require(t.dtype.is_float, function,
            f"dtype {t.dtype.name} is not a float dtype (the signature takes (float, 'a) t)")


def refuse(function: str, t: Tensor, accepted: str) -> NoReturn:
    """Raise `Invalid_argument`: `t`'s dtype family is not one `function` accepts."""
    raise invalid(function, f"dtype {t.dtype.name} is not accepted; {function} takes "
                            f"{accepted} tensors")


def require_at_least(function: str, x: np.ndarray, least: int, what: str) -> None:
    """Integer inputs whose result would be NaN or infinite have no integer value."""
    # Note: R64 — NaN and ±inf have no integer value; such casts are unspecified,
    # so no case pins this refusal.
    if np.any(x < least):
        raise invalid(function, f"{what} of the integer {int(x[x < least].flat[0])} has no "
                                f"integer value (the input must be >= {least})")


def exact_integers(x: np.ndarray) -> np.ndarray:
    """An int64 array as Python ints (object array): exact arithmetic at any size."""
    return x.astype(object)


isqrt = np.frompyfunc(math.isqrt, 1, 1)
"""floor(sqrt(n)) of each non-negative Python int, exactly."""

bit_length = np.frompyfunc(int.bit_length, 1, 1)
"""The number of binary digits of each Python int (floor(log2 n) + 1 for n >= 1)."""


def register_table(table: Mapping[str, Entry], apply: Callable[[str, Entry, Tensor], Tensor],
                   module: str) -> None:
    """Register `nx.<name>` for each entry of a table of element-wise functions: calling
    it on `t` is `apply(name, entry, t)`. `module` is the table's module (for the
    registry's records)."""
    for name, entry in table.items():
        def mapped(t: Tensor, name: str = name, entry: Entry = entry) -> Tensor:
            return apply(name, entry, t)

        mapped.__name__ = mapped.__qualname__ = name
        mapped.__module__ = module
        mapped.__doc__ = f"`{name} t` element-wise (see {module})."
        op("nx", name)(mapped)
