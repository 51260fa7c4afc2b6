"""The one table of Nx's 22 element types, built from `vocabulary.yaml` (its `dtypes`).

`spec/documents/nx.txt`, "Type Definitions", lists the constructors of
`('a, 'b) dtype`; `spec/READINGS.md`, "Dtypes" (R10 to R19), fixes
what each one means. Everything else in the project (the codec, the comparator, the
reference ops, which read it as `reference.dtypes`) takes the dtype facts from this table
and nowhere else; it is the one place values are rounded or wrapped into a dtype.

Storage: every dtype is kept in a NumPy array of a *storage* dtype that holds each
of its values exactly.

- float16/32/64 are NumPy's; bfloat16 and the two float8 formats are `ml_dtypes`'
  (`float8_e4m3` is the OCP E4M3FN format: no infinities, overflow becomes NaN).
- int4 / uint4 are `ml_dtypes.int4` / `ml_dtypes.uint4` (one value per byte).
- `int` is OCaml's 63-bit int, stored in int64 and wrapped modulo 2^63;
  `nativeint` is 64-bit; qint8 / quint8 behave exactly like int8 / uint8.
- complex16 (two float16 parts) is not a NumPy dtype: it is stored as complex64
  whose parts are always float16 values (see `to_storage`).
- complex32 has float32 parts (NumPy complex64), complex64 float64 parts
  (NumPy complex128): the Nx names count the bits of one part pair differently
  from NumPy's.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from spec import vocabulary

Kind = vocabulary.enumeration("Kind", vocabulary.FAMILIES, __name__)
Kind.__doc__ = "The dtype families the documentation distinguishes (`Kind.FLOAT`, ...)."


@dataclass(frozen=True)
class Tolerance:
    """Default comparison tolerance: |got - expected| <= atol + rtol * |expected|."""

    rtol: float
    atol: float


@dataclass(frozen=True, eq=False)
class DType:
    """One Nx element type.

    `bits` is the width of one value (a complex counts both parts); `itemsize` the
    bytes Nx reports for one element; `storage` the NumPy dtype that holds it;
    `low`/`high` the inclusive value range of integer kinds; `part` the real dtype
    of each half of a complex kind; `tolerance` the default for float and complex
    comparisons (None: compared exactly).
    """

    name: str
    constructor: str
    kind: Kind
    bits: int
    itemsize: int
    storage: np.dtype
    ocaml_type: str
    low: int | None = None
    high: int | None = None
    part: str | None = None
    tolerance: Tolerance | None = None

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self):
        # Pickle by name, so that identity comparisons survive worker processes.
        return (by_name, (self.name,))

    @property
    def is_float(self) -> bool:
        return self.kind is Kind.FLOAT

    @property
    def is_complex(self) -> bool:
        return self.kind is Kind.COMPLEX

    @property
    def is_integer(self) -> bool:
        return self.kind.value in vocabulary.INTEGER_FAMILIES

    @property
    def is_bool(self) -> bool:
        return self.kind is Kind.BOOL

    @property
    def elt(self) -> str:
        """The Bigarray element type name (`float32_elt`)."""
        return f"{self.name}_elt"


def _range(entry) -> tuple[int | None, int | None]:
    """The inclusive value range: two's complement of its bits for an integer dtype."""
    if "range" in entry:
        low, high = entry["range"]
        return low, high
    if entry["family"] == "signed":
        return -(2 ** (entry["bits"] - 1)), 2 ** (entry["bits"] - 1) - 1
    if entry["family"] == "unsigned":
        return 0, 2 ** entry["bits"] - 1
    return None, None


def _storage(name: str) -> np.dtype:
    """NumPy's dtype of that name, or ml_dtypes' (`bfloat16`, `int4`, `float8_e4m3fn`)."""
    return np.dtype(getattr(ml_dtypes, name, name))


def _dtype(entry) -> DType:
    low, high = _range(entry)
    tolerance = vocabulary.TOLERANCES.get(entry.get("tolerance", ""))
    return DType(
        name=entry["name"],
        constructor=entry["constructor"],
        kind=Kind(entry["family"]),
        bits=entry["bits"],
        itemsize=entry["itemsize"],
        storage=_storage(entry["storage"]),
        ocaml_type=entry["ocaml_type"],
        low=low,
        high=high,
        part=entry.get("part"),
        tolerance=Tolerance(tolerance["rtol"], tolerance["atol"]) if tolerance else None,
    )


# In the order of the documented `dtype` type.
DTYPES: tuple[DType, ...] = tuple(_dtype(entry) for entry in vocabulary.DTYPE_TABLE)

_BY_NAME: dict[str, DType] = {d.name: d for d in DTYPES}
NAMES: tuple[str, ...] = tuple(_BY_NAME)

FLOAT16, FLOAT32, FLOAT64 = _BY_NAME["float16"], _BY_NAME["float32"], _BY_NAME["float64"]
BFLOAT16 = _BY_NAME["bfloat16"]
FLOAT8_E4M3, FLOAT8_E5M2 = _BY_NAME["float8_e4m3"], _BY_NAME["float8_e5m2"]
INT4, UINT4 = _BY_NAME["int4"], _BY_NAME["uint4"]
INT8, UINT8, INT16, UINT16 = (_BY_NAME[n] for n in ("int8", "uint8", "int16", "uint16"))
INT32, INT64, INT, NATIVEINT = (_BY_NAME[n] for n in ("int32", "int64", "int", "nativeint"))
COMPLEX16, COMPLEX32, COMPLEX64 = (_BY_NAME[n] for n in ("complex16", "complex32", "complex64"))
BOOL, QINT8, QUINT8 = _BY_NAME["bool"], _BY_NAME["qint8"], _BY_NAME["quint8"]


class UnknownDType(KeyError):
    """A dtype name that is not one of the 22 documented constructors."""

    def __str__(self) -> str:
        return f"unknown dtype {self.args[0]!r}; expected one of: {', '.join(NAMES)}"


def by_name(name: str) -> DType:
    """The dtype called `name` (the documented constructor in lower case)."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnknownDType(name) from None


def part_dtype(dtype: DType) -> DType:
    """The real dtype of each part of a complex dtype."""
    if dtype.part is None:
        raise ValueError(f"{dtype.name} is not a complex dtype")
    return _BY_NAME[dtype.part]


@functools.cache
def finite_max(dtype: DType) -> float:
    """The largest finite value of a float dtype (or of a complex dtype's parts)."""
    real = part_dtype(dtype) if dtype.is_complex else dtype
    return float(ml_dtypes.finfo(real.storage).max)


def has_infinity(dtype: DType) -> bool:
    """Whether the float dtype (or the complex parts) can hold ±inf (E4M3FN cannot)."""
    return dtype is not FLOAT8_E4M3


def wrap_integers(values, dtype: DType) -> np.ndarray:
    """Reduce exact integers modulo 2^bits into the dtype's range (two's complement).

    `values` may be an integer NumPy array or an object array of Python ints (exact at
    any size); the result is an int64 array holding the wrapped values.
    """
    array = np.asarray(values)
    span = 1 << dtype.bits
    if array.dtype == object:
        return np.asarray((array - dtype.low) % span + dtype.low).astype(np.int64)
    wide = array.astype(np.int64, copy=False)
    if dtype.bits == 64:
        return wide
    # int64 arithmetic is exact modulo 2^64, and 2^bits divides 2^64, so keeping the low
    # `bits` bits of `wide - low` is right even where that difference overflows.
    with np.errstate(over="ignore"):
        return ((wide - dtype.low) & (span - 1)) + dtype.low


def to_storage(values, dtype: DType) -> np.ndarray:
    """Round or wrap computed values once into the dtype's storage.

    Floats round to nearest even (NumPy / ml_dtypes casting); integers wrap modulo
    2^bits (the documented overflow rule, applied at every width, the 63-bit `int`
    included); bool is `x != 0`; complex16 rounds each part to float16.
    """
    array = np.asarray(values)
    if dtype.is_bool:
        return array != 0 if array.dtype != np.bool_ else array.copy()
    if dtype.is_integer:
        if array.dtype.kind in "iu" and dtype.bits in (8, 16, 32, 64) and array.dtype.itemsize <= 8:
            # NumPy's integer casts keep the low bits: exactly the wrap modulo 2^bits.
            return array.astype(dtype.storage)
        if array.dtype.kind == "b":
            array = array.astype(np.int64)
        return wrap_integers(array, dtype).astype(dtype.storage)
    if dtype is COMPLEX16:
        complex_values = array.astype(np.complex128)
        stored = np.empty(complex_values.shape, dtype=np.complex64)
        with np.errstate(over="ignore"):
            stored.real = complex_values.real.astype(np.float16)
            stored.imag = complex_values.imag.astype(np.float16)
        return stored
    if dtype.storage.itemsize < 2 or dtype is BFLOAT16:
        return _round_through_float32(array.astype(np.float64)).astype(dtype.storage)
    with np.errstate(over="ignore", invalid="ignore"):
        return array.astype(dtype.storage, copy=False)


def _round_through_float32(wide: np.ndarray) -> np.ndarray:
    """float64 values rounded *to odd* into float32, so that the final rounding to a
    narrower format (bfloat16, float8) is the single correct rounding of the float64.

    ml_dtypes converts float64 to bfloat16 / float8 through float32, which rounds twice
    (1 + 2^-8 + 2^-40 would become 1.0 instead of 1 + 2^-7 in bfloat16). Rounding to odd
    at the intermediate precision (Boldo & Melquiond, "When double rounding is odd", 2005)
    makes the second rounding exact: float32 keeps at least p + 2 bits of either format.
    Truncate toward zero to float32, then set the last bit when the result is inexact.
    """
    with np.errstate(over="ignore", invalid="ignore"):
        nearest = wide.astype(np.float32)
        away = np.isfinite(wide) & (np.abs(nearest.astype(np.float64)) > np.abs(wide))
        truncated = np.where(away, np.nextafter(nearest, np.float32(0)), nearest)
        inexact = np.isfinite(wide) & (truncated.astype(np.float64) != wide)
    bits = truncated.view(np.uint32) | inexact.astype(np.uint32)
    return bits.view(np.float32)
