# ruff: noqa: E501 (the case text is kept as the case file writes it)
"""Generates `cast.yaml` beside it: `cast` from each of the 22 dtypes to each of them.

    python -m spec.nx.conversion.generate_cast          # rewrite cast.yaml
    python -m spec.nx.conversion.generate_cast --check  # exit 1 when cast.yaml is out of date

The file opens with its description and eight cases written by hand (`HAND_WRITTEN`, kept
here word for word: edit them here, not in the file), then the 22x22 table, one case
"<source> to <target>" per pair in `DTYPES` order. A case's values are exactly
representable in its source dtype (`_values`):

- the generic values (`FLOAT_GENERIC`, `INTEGER_GENERIC`; for an unsigned integer target
  only those that truncate into its range), NaN and ±inf for a float, complex or bool
  target (those the source has);
- the target's probes: from a float to a float, its rounding probes (`FROM_FLOAT`: ties
  to even, overflow thresholds, subnormals; `SAME` when the source is the target);
  from an integer to a float, `FROM_INTEGER`; from a float to an integer, the half-way
  values around its range ends, the ends, -0.5 and the largest source float below
  2^(bits-1) (2^bits unsigned); from an integer to an integer, its maximum and minimum,
  one past each, 2^bits and ±(2^bits + 3) (`_wrap_probes`);
- from an integer, the source's own minimum and maximum;
- from a complex number, the real values of its part dtype, each with an imaginary part
  (`IMAGINARY`, in turn), then 1i and (-0 + 0i); to a complex target also 0.5 with each of
  `IMAGINARY_PROBES` as imaginary part.

Expected values follow the rules of the file's `doc` (nx.txt:764 "Returns copy with same
values in new type.", READINGS R59 to R64), computed by hand: exact rounding to nearest,
ties to even, of the exact value (Python fractions) within each format's range and
saturation (`Float.rounded`), truncation toward zero, wrapping modulo 2^bits, x <> 0;
and each one is checked against NumPy / ml_dtypes `astype` where NumPy has the dtypes
(`_oracle`; not the 63-bit `int`): a disagreement stops the generator. Never the
reference.

What a person decided is data here: the hand-written cases, the pairs that answer to a
reading (`READING`) and the real-to-complex cases that answer to IEEE 754 (`IEEE`).
`tests/test_generators.py` checks that the committed file is what this writes.
"""

from __future__ import annotations

import argparse
import math
import sys
import warnings
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import ml_dtypes
import numpy as np

TARGET = Path(__file__).resolve().with_name("cast.yaml")


# --- The dtypes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Float:
    """A binary floating-point format: `precision` significand bits (the leading one
    included), normal exponents `emin`..`emax`; without infinities (E4M3FN) a value that
    rounds beyond the largest finite one is NaN, and so is an infinity."""

    name: str
    precision: int
    emin: int
    emax: int
    storage: type
    infinities: bool = True

    @property
    def largest(self) -> Fraction:
        spare = 1 if self.infinities else 2  # E4M3FN: the all-ones significand is NaN
        return (2 - Fraction(2) ** (spare - self.precision)) * Fraction(2) ** self.emax

    def rounded(self, x: Fraction | float) -> float:
        """`x` rounded once to the nearest value of the format, ties to even."""
        if isinstance(x, float) and not math.isfinite(x):
            return x if self.infinities or math.isnan(x) else math.nan
        if x == 0:
            return float(x)  # a zero keeps its sign
        x = Fraction(x)
        magnitude = abs(x)
        quantum = Fraction(2) ** (max(_log2(magnitude), self.emin) - self.precision + 1)
        value = round(magnitude / quantum) * quantum  # Fraction rounds half to even
        if value > self.largest:
            return math.copysign(math.inf if self.infinities else math.nan, x)
        return math.copysign(float(value), x)

    def holds(self, x: float) -> bool:
        if not math.isfinite(x):
            return self.infinities or math.isnan(x)
        return self.rounded(x) == x

    def largest_below(self, n: int) -> Fraction:
        """The largest finite value of the format below the integer `n` > 0."""
        if n > self.largest:
            return self.largest
        exponent = max(_log2(Fraction(n)), self.emin)
        quantum = Fraction(2) ** (exponent - self.precision + 1)
        below = (math.ceil(n / quantum) - 1) * quantum
        if below < 2**exponent and exponent > self.emin:  # into the binade below
            below = (math.ceil(n / (quantum / 2)) - 1) * (quantum / 2)
        return below


@dataclass(frozen=True)
class Integer:
    name: str
    bits: int
    signed: bool
    storage: type | None  # None: NumPy has no such type (the 63-bit `int`)

    @property
    def low(self) -> int:
        return -(2 ** (self.bits - 1)) if self.signed else 0

    @property
    def high(self) -> int:
        return 2 ** (self.bits - 1) - 1 if self.signed else 2**self.bits - 1

    def wrapped(self, n: int) -> int:
        return (n - self.low) % 2**self.bits + self.low


@dataclass(frozen=True)
class Bool:
    name: str = "bool"


@dataclass(frozen=True)
class Complex:
    name: str
    part: Float
    storage: type | None  # None: NumPy has no such type (complex16: two float16 parts)


FLOAT16 = Float("float16", 11, -14, 15, np.float16)
FLOAT32 = Float("float32", 24, -126, 127, np.float32)
FLOAT64 = Float("float64", 53, -1022, 1023, np.float64)
BFLOAT16 = Float("bfloat16", 8, -126, 127, ml_dtypes.bfloat16)
FLOAT8_E4M3 = Float("float8_e4m3", 4, -6, 8, ml_dtypes.float8_e4m3fn, infinities=False)
FLOAT8_E5M2 = Float("float8_e5m2", 3, -14, 15, ml_dtypes.float8_e5m2)
DTYPES = (
    FLOAT16,
    FLOAT32,
    FLOAT64,
    BFLOAT16,
    FLOAT8_E4M3,
    FLOAT8_E5M2,
    Integer("int4", 4, True, ml_dtypes.int4),
    Integer("uint4", 4, False, ml_dtypes.uint4),
    Integer("int8", 8, True, np.int8),
    Integer("uint8", 8, False, np.uint8),
    Integer("qint8", 8, True, np.int8),
    Integer("quint8", 8, False, np.uint8),
    Integer("int16", 16, True, np.int16),
    Integer("uint16", 16, False, np.uint16),
    Integer("int32", 32, True, np.int32),
    Integer("int64", 64, True, np.int64),
    Integer("int", 63, True, None),
    Integer("nativeint", 64, True, np.int64),
    Bool(),
    Complex("complex16", FLOAT16, None),
    Complex("complex32", FLOAT32, np.complex64),
    Complex("complex64", FLOAT64, np.complex128),
)

Dtype = Float | Integer | Bool | Complex


# --- The values of a case -----------------------------------------------------------------

FLOAT_GENERIC = (0.0, -0.0, 1.0, -2.5, 3.75, 0.5, -0.75)
SPECIAL = (math.nan, math.inf, -math.inf)
INTEGER_GENERIC = (0, 1, -1, 5)
IMAGINARY = (0.0, -1.5, 0.25, 2.0, 1.0, -0.5)  # the imaginary parts, in turn
PURELY_IMAGINARY = ((0.0, 1.0), (-0.0, 0.0))

_MAX32, _MAX_BF16 = float(FLOAT32.largest), float(BFLOAT16.largest)
# A float target's probes from another float dtype: ties to even, the overflow threshold,
# the subnormals (and 0.1, which only float64 holds).
FROM_FLOAT = {
    "float16": (65504.0, 65519.0, 65520.0, 2**-24, 2**-25, 3 * 2**-25, -(2**-26),
                1 + 2**-11, 1 + 3 * 2**-11, 0.1, 2**-14, 2**-14 - 2**-24, 131072.0),
    "float32": (_MAX32, _MAX32 + 2**103, 2**-149, 2**-150, 3 * 2**-150, 1 + 2**-24,
                1 + 3 * 2**-24, 0.1, 1e300),
    "float64": (),
    "bfloat16": (1 + 2**-8, 1 + 3 * 2**-8, 257.0, 259.0, _MAX_BF16, _MAX32, 0.1, 2**-133,
                 2**-134, 3 * 2**-134),
    "float8_e4m3": (448.0, 464.0, 480.0, 500.0, 512.0, -1024.0, 17.0, 19.0, 1.0625, 1.1875,
                    2**-9, 2**-10, 3 * 2**-10, 0.1),
    "float8_e5m2": (57344.0, 60000.0, 61440.0, 65536.0, -131072.0, 1.125, 1.375, 2**-16,
                    2**-17, 3 * 2**-17, 0.1),
}  # fmt: skip
# A float dtype cast to itself: its range ends and subnormals.
SAME = {
    "float16": (65504.0, 2**-24, 2**-14, 2**-14 - 2**-24),
    "float32": (_MAX32, 2**-149),
    "float64": (0.1, 5e-324, 1e300),
    "bfloat16": (_MAX_BF16, 2**-133),
    "float8_e4m3": (448.0, 2**-9),
    "float8_e5m2": (57344.0, 2**-16),
}
# A float target's probes from an integer dtype: ties to even and overflow.
FROM_INTEGER = {
    "float16": (2049, 2051, 65504, 65519, 65520, 100000),
    "float32": (2**24 + 1, 2**24 + 3, 2**31 - 1, -(2**31)),
    "float64": (2**53 + 1, 2**53 + 3, 2**63 - 1, -(2**63)),
    "bfloat16": (257, 259, 65535, 2**24 + 1),
    "float8_e4m3": (17, 19, 448, 464, 465, 1000),
    "float8_e5m2": (57344, 60000, 61440, 100000),
}
# Complex to complex: imaginary parts paired with the real part 0.5.
IMAGINARY_PROBES = {
    ("complex16", "complex16"): (65504.0, 2**-24),
    ("complex32", "complex16"): (65504.0, 65519.0, 65520.0, 2**-24),
    ("complex64", "complex16"): (65504.0, 65519.0, 65520.0, 2**-24),
    ("complex32", "complex32"): (_MAX32, 2**-149),
    ("complex64", "complex32"): (_MAX32, _MAX32 + 2**103, 2**-149, 2**-150),
    ("complex64", "complex64"): (0.1, 5e-324, 1e300),
}


def _values(source: Dtype, target: Dtype) -> list:
    """The source values of the case `source` to `target`."""
    if isinstance(source, Bool):
        return [False, True]
    if isinstance(source, Integer):
        return _distinct(
            v
            for v in (*INTEGER_GENERIC, *_integer_probes(target), source.low, source.high)
            if source.low <= v <= source.high
        )
    if isinstance(source, Complex):
        reals = _float_values(source.part, _part(target))
        pairs = [(x, IMAGINARY[i % len(IMAGINARY)]) for i, x in enumerate(reals)]
        probes = IMAGINARY_PROBES.get((source.name, target.name), ())
        return [*pairs, *PURELY_IMAGINARY, *((0.5, y) for y in probes)]
    return _float_values(source, _part(target))


def _float_values(source: Float, target: Dtype) -> list[float]:
    if isinstance(target, Integer):
        fits = [
            x for x in (*FLOAT_GENERIC, *_truncation_probes(source, target))
            if source.holds(x) and target.low <= math.trunc(x) <= target.high
        ]  # fmt: skip
        return _distinct(fits)
    probes = ()
    if isinstance(target, Float):
        probes = SAME[source.name] if target == source else FROM_FLOAT[target.name]
    held = [x for x in (*FLOAT_GENERIC, *SPECIAL, *probes) if source.holds(x)]
    return _distinct(held)


def _integer_probes(target: Dtype) -> tuple[int, ...]:
    if isinstance(target, Integer):
        return _wrap_probes(target)
    part = _part(target)
    return FROM_INTEGER[part.name] if isinstance(part, Float) else ()


def _wrap_probes(target: Integer) -> tuple[int, ...]:
    """Its range ends and one past them, 2^bits and ±(2^bits + 3)."""
    size = 2**target.bits
    ends = (target.high, target.high + 1, target.low, target.low - 1)
    return (*ends, size, size + 3, -(size + 3))


def _truncation_probes(source: Float, target: Integer) -> list[float]:
    """Half-way values beyond the range ends, the ends, -0.5 and the largest source float
    below 2^(bits-1) (2^bits unsigned), those the source holds."""
    candidates = (
        Fraction(target.high) + Fraction(1, 2),
        Fraction(target.low) - Fraction(1, 2),
        Fraction(target.high),
        Fraction(target.low),
        Fraction(-1, 2),
        source.largest_below(target.high + 1),
    )
    return [float(x) for x in candidates if source.rounded(x) == x]


def _part(dtype: Dtype) -> Dtype:
    return dtype.part if isinstance(dtype, Complex) else dtype


def _distinct(values) -> list:
    """The values in order, each once (-0.0 apart from 0.0; NaN once)."""
    seen, kept = set(), []
    for value in values:
        key = (
            ("nan",)
            if isinstance(value, float) and math.isnan(value)
            else (value, math.copysign(1, value))
        )
        if key not in seen:
            seen.add(key)
            kept.append(value)
    return kept


# --- Expected values ------------------------------------------------------------------------


def converted(value, source: Dtype, target: Dtype):
    """`value` of `source` cast to `target`, by the rules of the file's `doc`."""
    if isinstance(source, Complex):
        real, imaginary = value
        if isinstance(target, Complex):
            return [target.part.rounded(real), target.part.rounded(imaginary)]
        if isinstance(target, Bool):
            return real != 0 or imaginary != 0  # NaN is non-zero
        return converted(real, source.part, target)
    if isinstance(target, Complex):
        return [converted(value, source, target.part), 0.0]
    if isinstance(target, Bool):
        return value != 0
    if isinstance(source, Bool):
        return float(value) if isinstance(target, Float) else int(value)
    if isinstance(target, Float):
        return target.rounded(value)
    if isinstance(source, Float):
        return math.trunc(value)  # in range: the values are chosen so
    return target.wrapped(value)


def _oracle(values: list, source: Dtype, target: Dtype) -> list | None:
    """NumPy / ml_dtypes `astype` of the values (integers from int64; floats to an integer
    truncated first; complex numbers part by part); None where NumPy has no type for the
    target (the 63-bit `int`)."""
    if isinstance(source, Complex):
        if isinstance(target, Bool):
            return [bool(np.complex128(complex(*v))) for v in values]
        reals = _oracle([re for re, _ in values], source.part, _part(target))
        if not isinstance(target, Complex):
            return reals
        imaginary = _oracle([im for _, im in values], source.part, target.part)
        return [list(pair) for pair in zip(reals, imaginary, strict=True)]
    if isinstance(target, Complex):
        return [[x, 0.0] for x in _oracle(values, source, target.part)]
    goal = np.bool_ if isinstance(target, Bool) else target.storage
    if goal is None:
        return None
    storage = {Bool: np.bool_, Integer: np.int64}.get(type(source)) or source.storage
    data = np.array(values, storage)
    if isinstance(source, Float) and isinstance(target, Integer):
        data = np.trunc(data.astype(np.float64))
    with np.errstate(over="ignore", invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # overflow to inf is the point
        result = data.astype(goal)
    kind = {Float: float, Bool: bool}.get(type(target), np.int64)
    return result.astype(kind).tolist()


def expected(values: list, source: Dtype, target: Dtype) -> list:
    """The cast values, each checked against the oracle where it has the types."""
    ours = [converted(v, source, target) for v in values]
    theirs = _oracle(values, source, target)
    if theirs is not None and _shown(ours) != _shown(theirs):
        raise AssertionError(
            f"{source.name} to {target.name}: by hand {_shown(ours)}, astype {_shown(theirs)}"
        )
    return ours


# --- The text -----------------------------------------------------------------------------

HEADER = """\
# Generated by spec/nx/conversion/generate_cast.py; do not edit: edit the generator, run it.
namespace: nx
op: cast
section: conversion
doc: >
  `cast dtype t` returns a new tensor holding `t`'s elements converted to `dtype` (nx.txt:764,
  "Type Conversion and Copying": "Returns copy with same values in new type"), for
  every pair of the 22 dtypes: cast is total, it never raises. The conversion rules
  (READINGS R59 to R64): float -> int truncates toward zero; int -> narrower
  int wraps modulo 2^bits (two's complement; the 63-bit `int` wraps into [-2^62, 2^62));
  anything -> bool is x <> 0 (NaN is true, -0.0 false, a complex number is non-zero when
  either part is); bool -> anything is 0 or 1; complex -> real drops the imaginary part;
  real -> complex has the value as real part (-0.0 stays -0.0: "same values", IEEE 754)
  and imaginary part +0; int -> float and float -> narrower float round
  once to nearest even, ties to the even significand, with ml_dtypes' saturation rules:
  float16, bfloat16, float32 and float8_e5m2 overflow to ±inf (a value at or beyond the
  largest finite value plus half an ulp), float8_e4m3 (E4M3FN) has no infinities, so
  ±inf and every value that rounds beyond ±448 (above 464) become NaN while 464 itself
  rounds to 448; subnormals are kept (float16 down to 2^-24, float32 to 2^-149,
  bfloat16 to 2^-133, float8_e4m3 to 2^-9, float8_e5m2 to 2^-16), and a value that
  rounds to zero keeps its sign. NaN, ±inf and out-of-range values cast to an integer
  dtype are unspecified: no case has them.
note: >
  The "<source> to <target>" cases are the 22x22 table, written by generate_cast.py beside
  this file (its docstring says how each case's values are chosen). Each case's values are
  exactly representable in its source dtype: the generic 0, -0, 1, -2.5, 3.75, 0.5, -0.75
  (those that fit), NaN and ±inf for float targets, the target's range edges (integer
  targets: its minimum and maximum, one past them, 2^bits, and for float sources half-way
  values and the largest source float below 2^(bits-1)), and the target's rounding probes
  (ties to even, overflow thresholds, subnormals). Expected values are computed by hand
  under the rules above (exact round-to-nearest-even with Python fractions, truncation,
  wrapping, x <> 0) and each is checked against NumPy / ml_dtypes `astype` (integers to a
  float from int64, complex16 part by part; the 63-bit `int` by hand only). Values on which
  ml_dtypes double-rounds through float32 (float64 -> bfloat16 / float8 beyond float32
  precision) are left out.
meta: {readings: [R14, R15, R16, R59, R60, R61, R62, R63, R64]}
cases:
"""

HAND_WRITTEN = """\
  - name: float32 truncates toward zero into int32
    source: doc-example
    basis: documentation
    cites:
      - {at: "nx.txt:765", quote: "let x = create float32 [| 3 |] [| 1.5; 2.7; 3.1 |] in"}
    meta: {examples: ["nx.txt:765"], readings: [R64]}
    args:
      - {dtype: int32}
      - {tensor: {dtype: float32, shape: [3], data: [1.5, 2.7, 3.1]}}
    expect: {tensor: {dtype: int32, shape: [3], data: [1, 2, 3]}}

  - name: negative floats truncate toward zero
    source: edge
    basis: reading
    meta: {readings: [R60]}
    note: READINGS R60, float -> int truncates toward zero (not floor).
    args:
      - {dtype: int32}
      - {tensor: {dtype: float64, shape: [4], data: [-1.5, -2.7, -0.9, 2.9999]}}
    expect: {tensor: {dtype: int32, shape: [4], data: [-1, -2, 0, 2]}}

  - name: the result is a new tensor even for the same dtype
    source: doc-text
    basis: documentation
    cites:
      - {at: "nx.txt:764", quote: "Returns copy"}
    meta: {readings: [R23]}
    note: documented "Returns copy"; READINGS R23 lists cast among the copies. Writing the result leaves t alone.
    args:
      - {dtype: float32}
      - {tensor: {dtype: float32, shape: [2], data: [1, 2]}}
    properties:
      - check: pipeline
        steps:
          - {op: set_item, args: [{ints: [0]}, {float: 9.0}, {ref: out}]}
          - {op: copy, args: [{ref: arg1}]}
        expect: {tensor: {dtype: float32, shape: [2], data: [1, 2]}}

  - name: the result of a transposed view is in its row-major order
    source: edge
    basis: documentation-rule
    note: the transpose of [[1.5, 2.5, 3.5], [-1.5, -2.5, -3.5]] is [[1.5, -1.5], [2.5, -2.5], [3.5, -3.5]].
    args:
      - {dtype: int8}
      - {call: {op: transpose, args: [{tensor: {dtype: float32, shape: [2, 3], data: [1.5, 2.5, 3.5, -1.5, -2.5, -3.5]}}]}}
    expect: {tensor: {dtype: int8, shape: [3, 2], data: [1, -1, 2, -2, 3, -3]}}

  - name: the result of a transposed view is C-contiguous
    source: edge
    basis: documentation-rule
    note: a new tensor is C-contiguous.
    args:
      - {dtype: float64}
      - {call: {op: transpose, args: [{tensor: {dtype: float32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}}]}}
    properties:
      - {check: equals, value: {tensor: {dtype: float64, shape: [3, 2], data: [1, 4, 2, 5, 3, 6]}}}
      - check: pipeline
        steps: [{op: is_c_contiguous, args: [{ref: out}]}]
        expect: {bool: true}

  - name: a broadcast view
    source: edge
    basis: documentation-rule
    args:
      - {dtype: int16}
      - {call: {op: broadcast_to, args: [{ints: [2, 2]}, {tensor: {dtype: uint8, shape: [2], data: [200, 7]}}]}}
    expect: {tensor: {dtype: int16, shape: [2, 2], data: [200, 7, 200, 7]}}

  - name: a scalar
    source: doc-text
    basis: documentation
    args:
      - {dtype: float16}
      - {tensor: {dtype: int32, shape: [], data: [2049]}}
    expect: {tensor: {dtype: float16, shape: [], data: [2048.0]}}
    tol: exact

  - name: a zero-size tensor keeps its shape
    source: edge
    basis: documentation-rule
    args:
      - {dtype: complex64}
      - {tensor: {dtype: int8, shape: [2, 0, 3], data: []}}
    expect: {tensor: {dtype: complex64, shape: [2, 0, 3], data: []}}
"""

# Pairs that answer to a reading rather than to the documentation's rules.
READING = {
    ("float32", "bool"): "R62",
    ("int16", "int8"): "R61",
    ("int32", "int8"): "R61",
    ("int32", "bool"): "R62",
    ("complex64", "float64"): "R63",
}
# A real float cast to these answers to IEEE 754 on the sign of a zero real part.
IEEE = ("complex32", "complex64")
IEEE_CASE = """\
    basis: ieee
    cites:
      - {at: "nx.txt:764", quote: "Returns copy with same values in new type."}
    note: >-
      real to complex: the real part is the value, the imaginary part +0 (READINGS R63); "same
      values" and IEEE 754 conversion keep the sign of a zero, so -0.0 gives (-0.0, +0.0). Values
      from numpy/ml_dtypes astype (real part rounded to nearest even where the target's parts are
      narrower). Nx 1.0.0~alpha1 computes x + 0i as a complex sum, whose real part -0.0 + 0.0 is
      +0.0: upstream.
    meta: {readings: [R63]}
"""

ROUNDED = "rounded to nearest even (numpy/ml_dtypes astype, checked by exact rounding over the target's values)."
FROM_INT64 = (
    "rounded to nearest even (numpy/ml_dtypes astype from int64, checked by exact rounding)."
)
EXACT = "exact (float64 holds every value)."
TRUNCATED = "truncated toward zero (math.trunc, cross-checked with numpy trunc then astype); every truncated value is in range."
NONZERO = "x <> 0 (numpy astype(bool))."


def note(source: Dtype, target: Dtype) -> str:
    """What a case's `note` says of how its values were derived."""
    if source == target:
        return "same dtype, every value kept exactly."
    if isinstance(target, Bool):
        return NONZERO
    if isinstance(source, Bool):
        return {
            Float: "false is 0.0, true is 1.0.",
            Integer: "false is 0, true is 1.",
            Complex: "false is (0, 0), true is (1, 0).",
        }[type(target)]
    if isinstance(source, Complex) and isinstance(target, Complex):
        if target.part.precision >= source.part.precision:
            return "each part kept exactly."
        return (
            f"each part rounded to nearest even into {target.part.name} (numpy astype of "
            "each part, checked by exact rounding)."
        )
    if isinstance(target, Complex):
        return "imaginary part 0, real part " + (
            FROM_INT64 if isinstance(source, Integer) else ROUNDED
        )
    if isinstance(source, Integer):
        if isinstance(target, Float):
            return FROM_INT64
        if target.bits == 63:
            return "wrapped modulo 2^63 into [-2^62, 2^62) by hand (NumPy has no 63-bit type)."
        return "wrapped modulo 2^bits (numpy/ml_dtypes astype, checked by hand)."
    dropped = "imaginary part dropped, then " if isinstance(source, Complex) else ""
    if isinstance(target, Integer):
        return dropped + TRUNCATED
    return dropped + (EXACT if target == FLOAT64 else ROUNDED)


def case(source: Dtype, target: Dtype) -> str:
    values = _values(source, target)
    lines = [f"  - name: {source.name} to {target.name}", "    source: edge"]
    reading = READING.get((source.name, target.name))
    if isinstance(source, Float) and target.name in IEEE:
        lines.append(IEEE_CASE.rstrip("\n"))
    elif reading:
        lines += ["    basis: reading", f"    meta: {{readings: [{reading}]}}"]
        lines.append(f"    note: {note(source, target)}")
    else:
        lines += ["    basis: documentation-rule", f"    note: {note(source, target)}"]
    lines += [
        "    args:",
        f"      - {{dtype: {target.name}}}",
        f"      - {_tensor(source, values)}",
        f"    expect: {_tensor(target, expected(values, source, target))}",
    ]
    if isinstance(target, Float | Complex):
        lines.append("    tol: exact")
    return "\n".join(lines) + "\n"


def _tensor(dtype: Dtype, values: list) -> str:
    return f"{{tensor: {{dtype: {dtype.name}, shape: [{len(values)}], data: {_shown(values)}}}}}"


def _shown(value) -> str:
    """A value as the case files write it (flow YAML)."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_shown(x) for x in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        return repr(value)
    return str(int(value))


def generate() -> str:
    """The text of `cast.yaml`."""
    table = [case(source, target) for source in DTYPES for target in DTYPES]
    return HEADER + "\n".join([HAND_WRITTEN, *table])


def _log2(x: Fraction) -> int:
    """floor(log2(x)) of a positive fraction, exactly."""
    exponent = x.numerator.bit_length() - x.denominator.bit_length()
    return exponent if Fraction(2) ** exponent <= x else exponent - 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if cast.yaml differs")
    args = parser.parse_args(argv)
    text = generate()
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is not what {Path(__file__).name} writes", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
