"""The unary functions of "Mathematical Functions" (nx.txt), as one table.

abs, sign, square, sqrt, rsqrt, recip, log, log2, exp, exp2, sin, cos, tan, asin, acos,
atan, sinh, cosh, tanh, asinh, acosh, atanh, trunc, ceil, floor, round: each element of
the input is mapped by the named function and the result has the input's dtype and shape.

Floats and complex numbers: the result is the exactly rounded value of the mathematical
result in the storage dtype. The reference computes it on the exact input in float64
(complex128) with NumPy's ufunc (the C library's correctly or nearly correctly rounded
functions, a few float64 ulps at most) and rounds once into the dtype
(`reference.nx._cores.elementwise.unary`); for the narrower dtypes that is the exactly
rounded result (but for the rare value within a few float64 ulps of a rounding tie).
IEEE special values follow: NaN stays NaN, ±inf go where the function takes them
(exp -inf = 0, tanh inf = 1), a domain error gives NaN (log -1, asin 2, sqrt -1),
poles give ±inf (log 0 = -inf, recip ±0 = ±inf, rsqrt ±0 = ±inf as 1 / sqrt ±0), and a
result beyond the dtype's range overflows to ±inf (NaN in float8_e4m3, which has no
infinity). Complex functions are NumPy's principal branches (C99 Annex G), so
sqrt (-4 + 0i) = 2i and sqrt (-4 - 0i) = -2i.

Which dtypes each function takes (`_domain`): the `(float, 'a) t` signatures take only
float dtypes; the polymorphic ones take what the table says.

- abs: integers wrap, so abs of the minimum signed value is itself (R92).
- sign: -1, 0 or 1 (documented); unsigned gives 1 for non-zero (documented); NaN gives 0
  (R94, settled by Nx 1.0.0~alpha1: where (x > 0) 1 (where (x < 0) (-1) 0)).
- abs and sign refuse complex dtypes (R93, R95: settled by Nx 1.0.0~alpha1).
- round: to the nearest integer, ties away from zero (documented: 2.5 -> 3, -2.5 -> -3);
  a zero result has the input's sign (round -0.4 = -0), but round -0.0 = +0.0.
- The sign of a zero result (R242, settled by Nx 1.0.0~alpha1, `plus_zero`): asin, atan,
  asinh, atanh, sinh, tanh, trunc, ceil and floor give +0.0 where IEEE 754 gives -0.0; abs
  keeps -0.0.
- trunc, ceil, floor, round on integer dtypes are the identity (R98).
- recip on integer dtypes: 1 / x truncated toward zero (`div 1 x`); recip 0 divides by
  zero.
- sqrt, rsqrt, log2, exp2, sin refuse integer dtypes (R100, settled by Nx 1.0.0~alpha1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from reference.errors import DivisionByZero
from reference.nx._cores.elementwise import unary
from reference.nx.math._domain import refuse, register_table
from reference.tensor import Tensor

Elementwise = Callable[[np.ndarray], np.ndarray]


@dataclass(frozen=True)
class Rule:
    """How one function maps a float, a complex and an integer element.

    `real` takes float64 values; `complex_` complex128 values (None: complex dtypes are
    refused); `integer` int64 values, returning exact integers to be wrapped into the
    dtype (None: integer dtypes are refused); `boolean` bool values (None: bool is
    refused, `_domain`).
    `exact_in_storage`: `real` gives the correctly rounded result in float16 / float32 /
    float64 themselves (sqrt and the operations that never round), so it may run there
    (`elementwise`: the result is the same).
    """

    real: Elementwise
    complex_: Elementwise | None = None
    integer: Elementwise | None = None
    boolean: Elementwise | None = None
    exact_in_storage: bool = False


def round_half_away_from_zero(x: np.ndarray) -> np.ndarray:
    """The nearest integer, ties away from zero.

    `x - trunc(x)` is exact in binary floating point, so comparing it with 1/2 decides
    the tie exactly (adding 0.5 and flooring would round 0.49999999999999994 up).
    NaN and ±inf pass through: their comparison is false.
    """
    whole = np.trunc(x)
    rounded = np.where(np.abs(x - whole) >= 0.5, whole + np.sign(x), whole)
    # Note: R242 — settled by Nx 1.0.0~alpha1, which computes sign(x) * floor(|x| + 0.5), so
    # gives +0.0 for -0.0 (sign -0.0 is 0) and -0.0 for -0.4 (-1 times +0.0).
    return np.where(x == 0, 0.0, rounded)


def plus_zero(function: Elementwise) -> Elementwise:
    """`function` with a zero result made +0.0 (x + 0.0 is x for every other x)."""
    # Note: R242 — the documentation says nothing of the sign of a zero result. Settled by
    # Nx 1.0.0~alpha1, whose formulas give +0.0 where IEEE 754 gives -0.0: asin is sign(x)
    # times a polynomial (sign -0.0 is 0), atan goes through asin, asinh and atanh are
    # logarithms of 1, sinh is (exp x - exp (-x)) / 2, tanh is 2 sigmoid(2x) - 1, and trunc
    # (ceil and floor build on it) casts through int32.
    return lambda x: function(x) + 0.0


def sign_of_reals(x: np.ndarray) -> np.ndarray:
    """1, -1 or 0; NaN (neither above nor below 0) gives 0, as Nx 1.0.0~alpha1 computes."""
    return np.where(x > 0, 1.0, np.where(x < 0, -1.0, 0.0))


def truncated_real_part(z: np.ndarray) -> np.ndarray:
    """trunc(re z) + 0i."""
    return (np.trunc(z.real) + 0.0).astype(np.complex128)


def keep_negative_zero(x: np.ndarray) -> np.ndarray:
    """|x|, with -0.0 kept (settled by Nx 1.0.0~alpha1: where(x < 0, -x, x))."""
    return np.where(x < 0, -x, x)


def reciprocal_of_integers(x: np.ndarray) -> np.ndarray:
    """trunc(1 / x): 1 for 1, -1 for -1, 0 for every other non-zero integer."""
    # Note: R101 — integer recip is `div 1 x`, which truncates toward zero and raises on a zero
    # divisor (READINGS R84), as `pow` with a negative exponent does.
    if np.any(x == 0):
        raise DivisionByZero("recip: reciprocal of the integer 0")
    return np.where(np.abs(x) == 1, x, 0)


def identity(x: np.ndarray) -> np.ndarray:
    return x


RULES: dict[str, Rule] = {
    # ('a, 'b) t -> ('a, 'b) t
    # Note: R103 — bool is accepted by abs, sign, square and trunc, each the identity on it;
    # settled by Nx 1.0.0~alpha1 (the documentation says nothing of bool): no bool is
    # below 0, the sign of true is true, true * true is true, a cast through int32 keeps it.
    # Note: R93 — abs and sign compare each element with 0, and the documentation gives no
    # order on complex numbers (its -1 / 0 / 1 speaks of real ones). Settled by Nx 1.0.0~alpha1,
    # which builds both on cmplt / cmpgt and refuses complex dtypes there (Failure "cmplt:
    # operation not supported for dtype"): complex is refused.
    "abs": Rule(keep_negative_zero, integer=np.abs, boolean=identity, exact_in_storage=True),
    "sign": Rule(sign_of_reals, integer=np.sign, boolean=identity),
    "square": Rule(np.square, np.square, np.square, identity, exact_in_storage=True),
    "recip": Rule(lambda x: 1 / x, lambda z: 1 / z, reciprocal_of_integers),
    # Note: R100 — sqrt, rsqrt, log2, exp2 and sin are polymorphic, and the documentation
    # gives nothing but the signature; settled by Nx 1.0.0~alpha1, whose kernels refuse
    # integer dtypes (Failure "sqrt: operation not supported for dtype"): integers are
    # refused.
    "sqrt": Rule(np.sqrt, np.sqrt, exact_in_storage=True),
    "rsqrt": Rule(lambda x: 1 / np.sqrt(x), lambda z: 1 / np.sqrt(z)),
    "log2": Rule(np.log2, np.log2),
    "exp2": Rule(np.exp2, np.exp2),
    "sin": Rule(np.sin, np.sin),
    # Note: R99 — trunc is polymorphic, and no rounding of complex numbers is documented. Settled
    # by Nx 1.0.0~alpha1, which truncates through a cast to int32 and back: a complex
    # number becomes its truncated real part (the cast drops the imaginary part).
    "trunc": Rule(plus_zero(np.trunc), truncated_real_part, identity, identity,
                  exact_in_storage=True),
    # (float, 'a) t -> (float, 'a) t
    # Note: R98 — ceil, floor and round take `(float, 'a) t`, but the suite reads
    # trunc / ceil / floor / round as the identity on
    # integer dtypes: a foreign caller's integer tensor is accepted and returned as is.
    "ceil": Rule(plus_zero(np.ceil), None, identity, exact_in_storage=True),
    "floor": Rule(plus_zero(np.floor), None, identity, exact_in_storage=True),
    "round": Rule(round_half_away_from_zero, None, identity),
    "log": Rule(np.log),
    "exp": Rule(np.exp),
    "cos": Rule(np.cos),
    "tan": Rule(np.tan),
    "asin": Rule(plus_zero(np.arcsin)),
    "acos": Rule(np.arccos),
    "atan": Rule(plus_zero(np.arctan)),
    "sinh": Rule(plus_zero(np.sinh)),
    "cosh": Rule(np.cosh),
    "tanh": Rule(plus_zero(np.tanh)),
    "asinh": Rule(plus_zero(np.arcsinh)),
    "acosh": Rule(np.arccosh),
    "atanh": Rule(plus_zero(np.arctanh)),
}


def accepted(rule: Rule) -> str:
    """The dtype families a rule takes, in words (for error messages)."""
    families = ["float"]
    if rule.complex_ is not None:
        families.append("complex")
    if rule.integer is not None:
        families.append("integer")
    if rule.boolean is not None:
        families.append("bool")
    return " or ".join(families)


def apply(function: str, rule: Rule, t: Tensor) -> Tensor:
    """`rule` applied to every element of `t`, stored once in `t`'s dtype."""
    dtype = t.dtype
    if dtype.is_float:
        compute = rule.real
    elif dtype.is_complex and rule.complex_ is not None:
        compute = rule.complex_
    elif dtype.is_integer and rule.integer is not None:
        compute = rule.integer
    elif dtype.is_bool and rule.boolean is not None:
        compute = rule.boolean
    else:
        refuse(function, t, accepted(rule))
    return unary(function, t, compute, exact_in_storage=rule.exact_in_storage and dtype.is_float)


register_table(RULES, apply, __name__)
