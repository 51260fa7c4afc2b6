"""The unary functions of "Mathematical Functions" (nx.txt:1142-1278), as one table.

abs, sign, square, sqrt, rsqrt, recip, log, log2, exp, exp2, sin, cos, tan, asin, acos,
atan, sinh, cosh, tanh, asinh, acosh, atanh, trunc, ceil, floor, round: each element of
the input is mapped by the named function and the result has the input's dtype and shape
(every signature is `t -> t`: nx.txt:1144 "Sourceval abs : ('a, 'b) t -> ('a, 'b) t").

Floats and complex numbers: the result is the exactly rounded value of the mathematical
result in the storage dtype. The reference computes it on the exact input in float64
(complex128) with NumPy's ufunc (the C library's correctly or nearly correctly rounded
functions, a few float64 ulps at most) and rounds once into the dtype
(`reference.nx._cores.elementwise.unary`); for the narrower dtypes that is the exactly
rounded result (but for the rare value within a few float64 ulps of a rounding tie).
The documentation names each operation and says nothing of special values, so IEEE 754 /
C99 Annex F gives them (spec/AUTHORING.md, the order of authority): NaN stays NaN, ±inf go
where the function takes them (exp -inf = 0, tanh inf = 1), a domain error gives NaN (log
-1, asin 2, sqrt -1), poles give ±inf (log 0 = -inf, recip ±0 = ±inf, rsqrt ±0 = ±inf as
1 / sqrt ±0), a result beyond the dtype's range overflows to ±inf (NaN in float8_e4m3,
which has no infinity), and a zero keeps the sign IEEE gives it: asin, atan, sinh, tanh,
asinh, atanh, trunc, ceil, floor and round of -0.0 are -0.0, trunc -0.5 and ceil -0.5 are
-0.0, abs -0.0 is +0.0 (READINGS R242 records that Nx 1.0.0~alpha1 differs, upstream).
Complex functions are NumPy's principal branches (C99 Annex G), so sqrt (-4 + 0i) = 2i and
sqrt (-4 - 0i) = -2i.

Which dtypes each function takes (`_domain`): the `(float, 'a) t` signatures take only
float dtypes; the polymorphic ones take what the table says.

- abs (nx.txt:1146 "computes absolute value."): integers wrap, so abs of the minimum
  signed value is itself (R92). Complex: the modulus |z| (exactly rounded, no overflow,
  C99 cabs), stored as a complex number with imaginary part 0 (R93: the type keeps the
  dtype).
- sign (nx.txt:1149 "returns -1, 0, or 1 based on sign."): unsigned gives 1 for non-zero
  (documented). NaN gives NaN, one of the two values R94 accepts (0 is the other); a zero
  gives 0 of either sign. Complex: z / |z| (0 for 0), NumPy 2's convention, one of the two
  outcomes R95 accepts (a refusal is the other).
- round (nx.txt:1256 "rounds to nearest integer (half away from zero)."): ties away from
  zero (documented: 2.5 -> 3, -2.5 -> -3); the sign of a zero result is the input's (round
  -0.4 = -0, like C's `round` and OCaml's `Float.round`).
- trunc (nx.txt:1235 "rounds toward zero."), ceil, floor, round on integer dtypes are the
  identity (R98).
- sqrt, rsqrt, log2, exp2, sin on integer dtypes: the mathematical result truncated toward
  zero (`_domain`), computed exactly: one of the two outcomes R100 and R102 accept (a
  refusal, Nx 1.0.0~alpha1's, is the other). recip on integers is `div 1 x` (R101); recip
  0 and rsqrt 0 divide by zero.
- bool is refused by every rule, one of the two outcomes R103 accepts for abs, sign,
  square and trunc (the input unchanged is the other).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from reference.errors import DivisionByZero
from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import (
    bit_length,
    exact_integers,
    isqrt,
    refuse,
    register_table,
    require_at_least,
)
from reference.tensor import Tensor

Elementwise = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Rule:
    """How one function maps a float, a complex and an integer element.

    `real` takes float64 values; `complex_` complex128 values (None: complex dtypes are
    refused); `integer` int64 values, returning exact integers to be wrapped into the
    dtype (None: integer dtypes are refused). No rule takes bool (`_domain`).
    `exact_in_storage`: `real` gives the correctly rounded result in float16 / float32 /
    float64 themselves (sqrt and the operations that never round), so it may run there
    (`elementwise`: the result is the same).
    """

    real: Elementwise
    complex_: Elementwise | None = None
    integer: Elementwise | None = None
    exact_in_storage: bool = False


def round_half_away_from_zero(x: np.ndarray) -> np.ndarray:
    """The nearest integer, ties away from zero.

    `x - trunc(x)` is exact in binary floating point, so comparing it with 1/2 decides
    the tie exactly (adding 0.5 and flooring would round 0.49999999999999994 up).
    NaN and ±inf pass through: their comparison is false.
    """
    whole = np.trunc(x)
    return np.where(np.abs(x - whole) >= 0.5, whole + np.sign(x), whole)


def magnitude(z: np.ndarray) -> np.ndarray:
    """|z| as a complex number with imaginary part 0."""
    # Note: R93 — the signature `('a, 'b) t -> ('a, 'b) t` keeps the dtype, so abs of a complex
    # tensor is complex (nx.txt:1144); the absolute value of a complex number is its modulus,
    # hypot(re, im) without overflow (C99 cabs, the Array API's abs), stored in the real part.
    return np.abs(z).astype(np.complex128)


def reciprocal_of_integers(x: np.ndarray) -> np.ndarray:
    """trunc(1 / x): 1 for 1, -1 for -1, 0 for every other non-zero integer."""
    # Note: R101 — integer recip is `div 1 x`, which truncates toward zero and raises on a zero
    # divisor (READINGS R84), as `pow` with a negative exponent does.
    if np.any(x == 0):
        raise DivisionByZero("recip: reciprocal of the integer 0")
    return np.where(np.abs(x) == 1, x, 0)


def sqrt_of_integers(x: np.ndarray) -> np.ndarray:
    require_at_least("sqrt", x, 0, "the square root")
    return isqrt(exact_integers(x))


def rsqrt_of_integers(x: np.ndarray) -> np.ndarray:
    """trunc(1 / sqrt x): 1 for 1, 0 for x >= 2; 0 divides by zero."""
    require_at_least("rsqrt", x, 0, "the reciprocal square root")
    if np.any(x == 0):
        raise DivisionByZero("rsqrt: reciprocal square root of the integer 0")
    return np.where(x == 1, 1, 0)


def log2_of_integers(x: np.ndarray) -> np.ndarray:
    """floor(log2 x) for x >= 1: the bit length less one."""
    require_at_least("log2", x, 1, "the base-2 logarithm")
    return bit_length(exact_integers(x)) - 1


def exp2_of_integers(x: np.ndarray) -> np.ndarray:
    """2^x wrapped modulo 2^bits (0 once x reaches the width); 0 for x < 0 (trunc of
    2^-k)."""
    # Note: R102 — exp2 on integers is `pow 2 x`, with the integer rules of R86, R87 (a refusal is
    # accepted too).
    shift = np.clip(x, 0, 63)
    with np.errstate(over="ignore"):
        powers = np.left_shift(np.int64(1), shift)
    return np.where((x < 0) | (x > 63), 0, powers)


def sin_of_integers(x: np.ndarray) -> np.ndarray:
    """trunc(sin n) is 0 for every integer n: |sin n| < 1 unless n = 0 (sin n = ±1
    would need n = π/2 + kπ, which is irrational)."""
    return np.zeros_like(x)


def identity(x: np.ndarray) -> np.ndarray:
    return x


RULES: dict[str, Rule] = {
    # ('a, 'b) t -> ('a, 'b) t
    # Note: R95 — the documented -1 / 0 / 1 (nx.txt:1149) speaks of real numbers; on complex
    # numbers R95 accepts z / |z| (NumPy 2's convention, computed here) or a refusal.
    # Note: R94 — sign NaN: NaN (np.sign, computed here) or 0 are both accepted.
    "abs": Rule(np.abs, magnitude, np.abs, exact_in_storage=True),
    "sign": Rule(np.sign, np.sign, np.sign),
    "square": Rule(np.square, np.square, np.square, exact_in_storage=True),
    "sqrt": Rule(np.sqrt, np.sqrt, sqrt_of_integers, exact_in_storage=True),
    "rsqrt": Rule(lambda x: 1 / np.sqrt(x), lambda z: 1 / np.sqrt(z), rsqrt_of_integers),
    "recip": Rule(lambda x: 1 / x, lambda z: 1 / z, reciprocal_of_integers),
    "log2": Rule(np.log2, np.log2, log2_of_integers),
    "exp2": Rule(np.exp2, np.exp2, exp2_of_integers),
    "sin": Rule(np.sin, np.sin, sin_of_integers),
    # Note: R99 — trunc is polymorphic, but no rounding of complex numbers is documented (NumPy
    # has none): R99 accepts a refusal (made here) or both parts truncated.
    "trunc": Rule(np.trunc, None, identity, exact_in_storage=True),
    # (float, 'a) t -> (float, 'a) t
    # Note: R98 — ceil, floor and round take `(float, 'a) t`, but the suite reads
    # trunc / ceil / floor / round as the identity on
    # integer dtypes: a foreign caller's integer tensor is accepted and returned as is.
    "ceil": Rule(np.ceil, None, identity, exact_in_storage=True),
    "floor": Rule(np.floor, None, identity, exact_in_storage=True),
    "round": Rule(round_half_away_from_zero, None, identity),
    "log": Rule(np.log),
    "exp": Rule(np.exp),
    "cos": Rule(np.cos),
    "tan": Rule(np.tan),
    "asin": Rule(np.arcsin),
    "acos": Rule(np.arccos),
    "atan": Rule(np.arctan),
    "sinh": Rule(np.sinh),
    "cosh": Rule(np.cosh),
    "tanh": Rule(np.tanh),
    "asinh": Rule(np.arcsinh),
    "acosh": Rule(np.arccosh),
    "atanh": Rule(np.arctanh),
}


def accepted(rule: Rule) -> str:
    """The dtype families a rule takes, in words (for error messages)."""
    families = ["float"]
    if rule.complex_ is not None:
        families.append("complex")
    if rule.integer is not None:
        families.append("integer")
    return " or ".join(families)


def apply(function: str, rule: Rule, t: Tensor) -> Tensor:
    """`rule` applied to every element of `t`, stored once in `t`'s dtype."""
    # Note: R103 — bool is refused by every rule (`_domain`: no arithmetic on OCaml's bool); for
    # abs, sign, square and trunc the input unchanged is accepted too.
    dtype = t.dtype
    if dtype.is_float:
        compute = rule.real
    elif dtype.is_complex and rule.complex_ is not None:
        compute = rule.complex_
    elif dtype.is_integer and rule.integer is not None:
        compute = rule.integer
    else:
        refuse(function, t, accepted(rule))
    return unary(function, t, compute, exact_in_storage=rule.exact_in_storage and dtype.is_float)


register_table(RULES, apply, __name__)
