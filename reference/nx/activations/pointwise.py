"""The element-wise activations without options (nx.txt:2112, "Activation Functions"),
as one table of their documented formulas.

| function    | documented formula                                             |
|-------------|----------------------------------------------------------------|
| relu6       | min(max(0, x), 6)                                              |
| hard_tanh   | x clipped to [-1, 1]                                           |
| sigmoid     | 1 / (1 + exp(-x))                                              |
| log_sigmoid | log(sigmoid x), in its numerically stable form                 |
| silu        | x · sigmoid(x)                                                 |
| hard_silu   | x · hard_sigmoid(x) (alpha = 1/6, beta = 0.5)                  |
| selu        | lambda · elu(x, alpha), alpha = 1.6732632423543772,            |
|             | lambda = 1.0507009873554805 (R183; the text rounds them)       |
| softsign    | x / (|x| + 1)                                                  |
| mish        | x · tanh(softplus x)                                           |
| erf         | Abramowitz and Stegun's approximation (below)                  |
| gelu        | 0.5 · x · (1 + erf(x / √2)), with that erf                     |
| gelu_approx | 0.5 · x · (1 + tanh(√(2/π) · (x + 0.044715 · x³)))             |

Each takes a float tensor (`(float, 'a) t`) and returns one of its dtype and shape. The
formula is evaluated on the exact input in float64 and rounded once into the dtype: the
exactly rounded value of the formula for the narrower dtypes (but for the rare value
within a few float64 ulps of a rounding tie), a few float64 ulps from it for float64
(`tests/test_math.py` measures them). Where the formula as written would overflow or
cancel in float64 while its value is representable — sigmoid (and silu) for large
negative x, the negative tails of gelu and gelu_approx — the reference evaluates an
algebraically identical form, given at each function. NaN propagates through every
formula (READINGS R176): through the clips of relu6 (nx.txt:2122 "applies ReLU6: min(max(0,
x), 6).") and hard_tanh (nx.txt:2188 "clips values to -1, 1") too, as IEEE 754-2019's
maximum and minimum propagate it (np.maximum, np.minimum). erf (nx.txt:2226) keeps the sign
of a zero: erf (-0.0) is -0.0 (C99 Annex F; READINGS R242 records that Nx differs).

Note: R177 — at ±inf the formulas are evaluated as written, in IEEE arithmetic, as the
documentation's softplus example shows Nx does (READINGS R3): sigmoid -inf
= 0 and log_sigmoid -inf = -inf, but silu -inf, hard_silu -inf, mish -inf, gelu -inf and
gelu_approx -inf meet -inf · 0, and softsign ±inf meets inf / inf: they are NaN, not the
limit 0 or ±1.

erf is the approximation 7.1.26 of Abramowitz and Stegun, *Handbook of Mathematical
Functions* (1964), |error| <= 1.5e-7 for x >= 0, extended to negative x by oddness
(READINGS R178):

    erf x = 1 - (a1 t + a2 t² + a3 t³ + a4 t⁴ + a5 t⁵) e^(-x²),   t = 1 / (1 + p x),
    p = 0.3275911, a1 = 0.254829592, a2 = -0.284496736, a3 = 1.421413741,
    a4 = -1.453152027, a5 = 1.061405429.

The polynomial's coefficients sum to 0.999999999, so the formula gives 1e-9 at 0; the
documented example (`erf 0.` is `0.`) has the exact zero, as an implementation that
multiplies by sign x gets: the reference returns x itself at ±0.
"""

import math

import numpy as np

from reference.nx._cores.elementwise import unary
from reference.nx.activations.elu import elu_values
from reference.nx.activations.hard_sigmoid import hard_sigmoid_values
from reference.nx.math._domain import register_table, require_float
from reference.tensor import Tensor

SELU_ALPHA = 1.6732632423543772
SELU_LAMBDA = 1.0507009873554805

AS_P = 0.3275911
AS_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def erfc_abramowitz_stegun(a: np.ndarray) -> np.ndarray:
    """1 - erf a for a >= 0, as 7.1.26 writes it: the polynomial times e^(-a²)."""
    t = 1.0 / (1.0 + AS_P * a)
    polynomial = 0.0
    for coefficient in reversed(AS_A):  # Horner: t (a1 + t (a2 + ... + t a5))
        polynomial = (polynomial + coefficient) * t
    return polynomial * np.exp(-a * a)


def erf_abramowitz_stegun(x: np.ndarray) -> np.ndarray:
    """Abramowitz & Stegun 7.1.26 on |x|, with the sign of x (exactly ±0 at ±0)."""
    magnitude = 1.0 - erfc_abramowitz_stegun(np.abs(x))
    return np.where(x == 0, x, np.copysign(magnitude, x))


def gelu_values(x: np.ndarray) -> np.ndarray:
    """0.5 x (1 + erf(x / √2)) with the 7.1.26 erf.

    For x < 0, 1 + erf(x / √2) = 1 - erf(|x| / √2) is the approximation's own erfc
    term, used as such: the same value without the cancellation of 1 + (-1 + tiny).
    """
    a = np.abs(x) / math.sqrt(2.0)
    one_plus_erf = np.where(x < 0, erfc_abramowitz_stegun(a), 2.0 - erfc_abramowitz_stegun(a))
    return 0.5 * x * one_plus_erf


def sigmoid_values(x: np.ndarray) -> np.ndarray:
    """1 / (1 + e^-x), written e^x / (1 + e^x) for x < 0 so that e^-x never overflows
    while the result is still representable."""
    exp_of_negative = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0, exp_of_negative) / (1.0 + exp_of_negative)


def gelu_approx_values(x: np.ndarray) -> np.ndarray:
    """0.5 x (1 + tanh z), z = √(2/π) (x + 0.044715 x³), written x · sigmoid(2z): the
    same value (1 + tanh z = 2 sigmoid(2z)) without the cancellation of 1 + tanh z for
    negative z."""
    z = math.sqrt(2.0 / math.pi) * (x + 0.044715 * x**3)
    return x * sigmoid_values(2.0 * z)


# Note: R177 — at ±inf every formula is evaluated as written, in IEEE arithmetic (see the module
# docstring): silu, hard_silu, mish, gelu, gelu_approx at -inf and softsign at ±inf are NaN.
FORMULAS = {
    "relu6": lambda x: np.minimum(np.maximum(x, 0.0), 6.0),
    "hard_tanh": lambda x: np.minimum(np.maximum(x, -1.0), 1.0),
    "sigmoid": sigmoid_values,
    # log(1 / (1 + e^-x)) = min(x, 0) - log(1 + e^-|x|): no overflow, no cancellation.
    "log_sigmoid": lambda x: np.minimum(x, 0.0) - np.log1p(np.exp(-np.abs(x))),
    "silu": lambda x: x * sigmoid_values(x),
    "hard_silu": lambda x: x * hard_sigmoid_values(x),
    "selu": lambda x: SELU_LAMBDA * elu_values(x, SELU_ALPHA),
    "softsign": lambda x: x / (np.abs(x) + 1.0),
    "mish": lambda x: x * np.tanh(np.log1p(np.exp(x))),
    "erf": erf_abramowitz_stegun,
    "gelu": gelu_values,
    "gelu_approx": gelu_approx_values,
}


def apply(function: str, formula, t: Tensor) -> Tensor:
    require_float(function, t)
    return unary(function, t, formula)


register_table(FORMULAS, apply, __name__)
