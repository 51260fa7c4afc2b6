"""Is the result what the case expects? And if not, a message that says exactly how.

Rules (`spec/FORMAT.md`, "Expectations"):
- dtypes, shapes, integers, bools and strings compare exactly;
- floats and complex numbers (each part) compare within a tolerance: the case's `tol`,
  else the default of the expected tensor's dtype (`spec.dtypes`), float64's for
  OCaml float scalars: |got - expected| <= atol + rtol * |expected|;
- NaN equals NaN in the same position; an infinity equals only the same infinity;
- `tol: exact` compares floats bit for bit (so -0.0 differs from 0.0), NaN payloads aside.

`int array`, `float array`, pairs, lists and tuples are all compared as sequences (a
driver may encode `[|2; 3|]` as `ints` or as a `list` of ints); `None` matches unit.

A mismatch message names what differed, got vs expected, the first differing index,
how many elements differ, the largest absolute and relative errors, and the tolerance;
`mismatch` also gives it as a `Failure` (`conformance/failures.py`): what differed and
the kinds of the differing elements, for reports that group failures by cause.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np

from adapters import values as v
from conformance.cases import Tol
from conformance.failures import Element, Failure, Kind, element_kinds, failure, scalar_kinds
from spec import dtypes
from spec.dtypes import DType

SCALAR_FLOAT_TOL = Tol(dtypes.FLOAT64.tolerance.rtol, dtypes.FLOAT64.tolerance.atol)
MAX_LISTED = 5


def default_tol(dtype: DType) -> Tol:
    tolerance = dtype.tolerance
    return Tol(tolerance.rtol, tolerance.atol) if tolerance else Tol()


def compare(expected: Any, got: Any, tol: Tol | None = None) -> str | None:
    """None when `got` meets `expected`; otherwise what differs, in words."""
    found = mismatch(expected, got, tol)
    return found.message if found else None


def mismatch(expected: Any, got: Any, tol: Tol | None = None) -> Failure | None:
    """None when `got` meets `expected`; otherwise what differs, in words and as data."""
    return _compare(expected, got, tol, "")


def _where(path: str) -> str:
    return f" at {path}" if path else ""


def _compare(expected: Any, got: Any, tol: Tol | None, path: str) -> Failure | None:
    if isinstance(expected, v.TensorValue):
        if not isinstance(got, v.TensorValue):
            return _other_type(
                expected, got, f"expected a tensor{_where(path)}, got {describe(got)}"
            )
        return _tensors(expected, got, tol, path)
    sequence = _as_sequence(expected)
    if sequence is not None:
        return _compare_sequences(sequence, got, tol, path)
    if isinstance(expected, v.Option | v.Unit):
        return _compare_option(expected, got, tol, path)
    if isinstance(expected, bool) or isinstance(got, bool):
        return (
            None
            if type(got) is type(expected) and got == expected
            else _differs(expected, got, path)
        )
    if isinstance(expected, int):
        return None if type(got) is int and got == expected else _differs(expected, got, path)
    if isinstance(expected, float | complex):
        return _compare_scalar(expected, got, tol, path)
    if isinstance(expected, v.DTypeValue):
        same = isinstance(got, v.DTypeValue) and got.dtype is expected.dtype
        return None if same else _differs(expected, got, path)
    if isinstance(expected, v.Variant):
        if not isinstance(got, v.Variant) or got.name != expected.name:
            return _differs(expected, got, path)
        if expected.has_payload != got.has_payload:
            return _differs(expected, got, path)
        return (
            _compare(expected.payload, got.payload, tol, f"{path}.payload")
            if expected.has_payload
            else None
        )
    if isinstance(expected, v.Index):
        return _compare_index(expected, got, tol, path)
    if isinstance(expected, v.GenarrayValue):
        return _compare_genarray(expected, got, tol, path)
    return None if got == expected else _differs(expected, got, path)


_GENARRAY_FIELDS = (("kind", Kind.DTYPE), ("layout", Kind.LAYOUT), ("dims", Kind.SHAPE))


def _compare_genarray(
    expected: v.GenarrayValue, got: Any, tol: Tol | None, path: str
) -> Failure | None:
    if not isinstance(got, v.GenarrayValue):
        return _other_type(expected, got, f"expected a genarray{_where(path)}, got {describe(got)}")
    for name, kind in _GENARRAY_FIELDS:
        have, want = getattr(got, name), getattr(expected, name)
        if have != want:
            message = f"{name} differs{_where(path)}: got {have}, expected {want}"
            if kind is Kind.SHAPE:
                return failure(kind, message, rank=_ranks(want, have))
            return failure(kind, message, got=str(have), expected=str(want))
    flat = (expected.data.size,)
    return _tensors(
        v.TensorValue(expected.dtype, flat, expected.data),
        v.TensorValue(got.dtype, flat, got.data),
        tol,
        f"{path} (memory order)",
    )


def _compare_index(expected: v.Index, got: Any, tol: Tol | None, path: str) -> Failure | None:
    if not isinstance(got, v.Index) or len(got.specs) != len(expected.specs):
        return _differs(expected, got, path)
    for i, (want, have) in enumerate(zip(expected.specs, got.specs, strict=True)):
        if want.kind is not have.kind:
            return _differs(expected, got, f"{path}[{i}]")
        if want.kind is v.IndexKind.M:
            found = _compare(want.arg, have.arg, tol, f"{path}[{i}].M")
            if found:
                return found
        elif want.arg != have.arg:
            return _differs(expected, got, f"{path}[{i}]")
    return None


def _as_sequence(value: Any) -> tuple | None:
    if isinstance(value, v.Ints | v.Floats | v.List | v.Tuple):
        return value.items
    if isinstance(value, v.Pairs):
        return tuple(v.Ints(p) for p in value.items)
    return None


def _compare_sequences(expected: tuple, got: Any, tol: Tol | None, path: str) -> Failure | None:
    items = _as_sequence(got)
    if items is None and isinstance(got, tuple):
        items = got
    if items is None:
        message = f"expected a sequence of {len(expected)}{_where(path)}, got {describe(got)}"
        return failure(Kind.TYPE, message, got=value_kind(got), expected="sequence")
    if len(items) != len(expected):
        return failure(
            Kind.LENGTH,
            f"length differs{_where(path)}: got {len(items)} items {describe(got)}, "
            f"expected {len(expected)} items {_short(expected)}",
        )
    for i, (want, have) in enumerate(zip(expected, items, strict=True)):
        found = _compare(want, have, tol, f"{path}[{i}]")
        if found:
            return found
    return None


def _compare_option(expected: Any, got: Any, tol: Tol | None, path: str) -> Failure | None:
    want = None if isinstance(expected, v.Unit) else expected.value
    have = got.value if isinstance(got, v.Option) else (None if isinstance(got, v.Unit) else got)
    if want is None or have is None:
        return None if want is None and have is None else _differs(expected, got, path)
    return _compare(want, have, tol, path)


def _compare_scalar(
    expected: float | complex, got: Any, tol: Tol | None, path: str
) -> Failure | None:
    if type(got) is not type(expected):
        return _differs(expected, got, path)
    tol = tol or SCALAR_FLOAT_TOL
    parts = (
        ((expected.real, got.real), (expected.imag, got.imag))
        if isinstance(expected, complex)
        else ((expected, got),)
    )
    for want, have in parts:
        if not _float_close(want, have, tol):
            found = _differs(expected, got, path)
            return replace(
                found, message=f"{found.message} ({_error_text(want, have)}; tolerance {tol})"
            )
    return None


def _float_close(want: float, have: float, tol: Tol) -> bool:
    if math.isnan(want) or math.isnan(have):
        return math.isnan(want) and math.isnan(have)
    if tol.exact:
        same_sign = tol.zero_sign_open or math.copysign(1, want) == math.copysign(1, have)
        return want == have and same_sign
    if math.isinf(want) or math.isinf(have):
        return want == have
    return abs(have - want) <= tol.atol + tol.rtol * abs(want)


def _error_text(want: float, have: float) -> str:
    if not (math.isfinite(want) and math.isfinite(have)):
        return "non-finite"
    error = abs(have - want)
    relative = error / abs(want) if want else math.inf
    return f"abs error {error:.3g}, rel error {relative:.3g}"


def _differs(expected: Any, got: Any, path: str) -> Failure:
    """Two scalars (or other plain values) differ: in value, or in kind of value."""
    message = f"value differs{_where(path)}: got {describe(got)}, expected {describe(expected)}"
    if value_kind(got) != value_kind(expected):
        return _other_type(expected, got, message)
    return failure(
        Kind.VALUES, message, of=value_kind(expected), elements=scalar_kinds(expected, got)
    )


def _other_type(expected: Any, got: Any, message: str) -> Failure:
    return failure(Kind.TYPE, message, got=value_kind(got), expected=value_kind(expected))


def _ranks(expected: tuple, got: tuple) -> str:
    """Shapes differ: in rank, or only in sizes."""
    return "same rank" if len(expected) == len(got) else "other rank"


def value_kind(value: Any) -> str:
    """The kind of a value, as a report groups by: `tensor`, `int`, `list`, ..."""
    if isinstance(value, bool):
        return "bool"
    for python, name in ((int, "int"), (float, "float"), (complex, "complex"), (str, "string")):
        if isinstance(value, python):
            return name
    if value is None:
        return "nothing"
    return _VALUE_KINDS.get(type(value), type(value).__name__)


_VALUE_KINDS = {
    v.TensorValue: "tensor",
    v.GenarrayValue: "genarray",
    v.Ints: "sequence",
    v.Floats: "sequence",
    v.Pairs: "sequence",
    v.List: "sequence",
    v.Tuple: "sequence",
    v.Option: "option",
    v.Unit: "unit",
    v.DTypeValue: "dtype",
    v.Variant: "variant",
    v.Index: "index",
}


# --- Tensors ----------------------------------------------------------------------------


def compare_tensors(
    expected: v.TensorValue, got: v.TensorValue, tol: Tol | None, path: str = ""
) -> str | None:
    found = _tensors(expected, got, tol, path)
    return found.message if found else None


def _tensors(
    expected: v.TensorValue, got: v.TensorValue, tol: Tol | None, path: str
) -> Failure | None:
    where = _where(path)
    if got.dtype is not expected.dtype:
        return failure(
            Kind.DTYPE,
            f"dtype differs{where}: got {got.dtype.name}, expected {expected.dtype.name}",
            got=got.dtype.name,
            expected=expected.dtype.name,
        )
    if got.shape != expected.shape:
        return failure(
            Kind.SHAPE,
            f"shape differs{where}: got {list(got.shape)}, expected {list(expected.shape)}",
            rank=_ranks(expected.shape, got.shape),
        )
    bad, tol = _mismatch_mask(expected, got, tol)
    if not bad.any():
        return None
    kinds = element_kinds(expected.data[bad], got.data[bad], expected.dtype)
    return failure(
        Kind.VALUES,
        _tensor_message(expected, got, bad, tol, where, kinds),
        of=expected.dtype.name,
        elements=kinds,
    )


def _mismatch_mask(
    expected: v.TensorValue, got: v.TensorValue, tol: Tol | None
) -> tuple[np.ndarray, Tol | None]:
    """True where an element differs (same dtype and shape assumed), and the tolerance used."""
    if expected.dtype.is_float or expected.dtype.is_complex:
        tol = tol or default_tol(expected.dtype)
        return _float_mismatches(expected.data, got.data, tol), tol
    return np.asarray(expected.data != got.data), None


def differing_positions(expected: Any, got: Any, tol: Tol | None, limit: int = 1000) -> list[int]:
    """Flat (row-major) positions where two tensors of one dtype and shape differ."""
    if not (isinstance(expected, v.TensorValue) and isinstance(got, v.TensorValue)):
        return []
    if expected.dtype is not got.dtype or expected.shape != got.shape:
        return []
    bad, _ = _mismatch_mask(expected, got, tol)
    return [int(i) for i in np.flatnonzero(bad)[:limit]]


def _parts(data: np.ndarray) -> list[np.ndarray]:
    if np.iscomplexobj(data):
        wide = data.astype(np.complex128)
        return [wide.real, wide.imag]
    return [data.astype(np.float64)]


def _float_mismatches(expected: np.ndarray, got: np.ndarray, tol: Tol) -> np.ndarray:
    """A boolean array: True where the element is not within tolerance."""
    bad = np.zeros(expected.shape, dtype=bool)
    for want, have in zip(_parts(expected), _parts(got), strict=True):
        want_nan, have_nan = np.isnan(want), np.isnan(have)
        with np.errstate(invalid="ignore", over="ignore"):
            if tol.exact and tol.zero_sign_open:
                same = want == have  # -0.0 == +0.0
            elif tol.exact:
                same = (want == have) & (np.signbit(want) == np.signbit(have))
            else:
                finite = np.isfinite(want) & np.isfinite(have)
                close = np.abs(have - want) <= tol.atol + tol.rtol * np.abs(want)
                same = np.where(finite, close, want == have)
        bad |= np.where(want_nan | have_nan, want_nan != have_nan, ~same)
    return bad


def _tensor_message(
    expected: v.TensorValue,
    got: v.TensorValue,
    bad: np.ndarray,
    tol: Tol | None,
    where: str,
    kinds: list[Element],
) -> str:
    """The first line says how many elements differ and of which kinds (so that a failure's
    signature changes when what differs changes: an ordinary difference that becomes a NaN);
    the next lines list them, and the worst finite error when there is one."""
    positions = np.argwhere(bad)
    count, total = len(positions), bad.size
    lines = [
        f"values differ{where}: {count} of {total} element(s) of "
        f"{expected.dtype.name} {list(expected.shape)}"
        + (f" outside tolerance {tol}" if tol else " (compared exactly)")
        + f"; differing: {', '.join(kind.value for kind in kinds)}"
    ]
    for position in positions[:MAX_LISTED]:
        index = tuple(int(i) for i in position)
        lines.append(
            f"  at {list(index)}: got {_element(got.data, index)}, "
            f"expected {_element(expected.data, index)}"
        )
    if count > MAX_LISTED:
        lines.append(f"  ... and {count - MAX_LISTED} more")
    summary = _error_summary(expected.data, got.data, bad) if tol is not None else None
    if summary:
        lines.append(summary)
    return "\n".join(lines)


def _element(data: np.ndarray, index: tuple) -> str:
    value = data[index] if data.ndim else data[()]
    if isinstance(value, np.complexfloating):
        return (
            f"({value.real}{'+' if value.imag >= 0 or np.isnan(value.imag) else ''}{value.imag}i)"
        )
    return str(value)


def _error_summary(expected: np.ndarray, got: np.ndarray, bad: np.ndarray) -> str | None:
    """The worst error over the differing elements that are finite on both sides and differ
    in value (not only in the sign of a zero); None when there is none (a NaN, an infinity,
    a zero of the other sign: the listed elements and their kinds say what differs)."""
    worst_abs = worst_rel = 0.0
    measured = False
    for want, have in zip(_parts(expected), _parts(got), strict=True):
        mask = bad & np.isfinite(want) & np.isfinite(have) & (want != have)
        if mask.any():
            measured = True
            # Differences of huge finite values overflow to inf: that is the error then.
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                error = np.abs(have[mask] - want[mask])
                scale = np.abs(want[mask])
                relative = np.where(scale > 0, error / scale, np.inf)
            worst_abs = max(worst_abs, float(error.max()))
            worst_rel = max(worst_rel, float(relative.max()))
    if not measured:
        return None
    return (
        f"  max abs error {worst_abs:.3g}, max rel error {worst_rel:.3g}"
        " (over finite differing elements)"
    )


# --- Describing values --------------------------------------------------------------------


def describe(value: Any, limit: int = 80) -> str:
    """A short readable rendering of a value for messages."""
    if isinstance(value, v.TensorValue):
        flat = value.data.reshape(-1)
        shown = ", ".join(_element(flat, (i,)) for i in range(min(len(flat), 8)))
        more = ", ..." if len(flat) > 8 else ""
        return f"{value.dtype.name} tensor {list(value.shape)} [{shown}{more}]"
    if isinstance(value, bool):
        return f"bool {str(value).lower()}"
    if isinstance(value, int):
        return f"int {value}"
    if isinstance(value, float):
        return f"float {value!r}"
    if isinstance(value, complex):
        return f"complex ({value.real!r}, {value.imag!r})"
    if isinstance(value, str):
        text = value if len(value) <= limit else value[:limit] + "..."
        return f"string {text!r}"
    if isinstance(value, v.DTypeValue):
        return f"dtype {value.dtype.name}"
    if isinstance(value, v.Unit):
        return "unit"
    if isinstance(value, v.Option):
        return "None" if value.value is None else f"Some ({describe(value.value, limit)})"
    if isinstance(value, v.Ints | v.Floats):
        return _short(value.items)
    if isinstance(value, v.Tuple | v.List):
        kind = "tuple" if isinstance(value, v.Tuple) else "list"
        return f"{kind} ({'; '.join(describe(x, limit) for x in value.items)})"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _short(items: tuple) -> str:
    shown = [
        describe(x, 30) if not isinstance(x, int | float) or isinstance(x, bool) else repr(x)
        for x in items[:8]
    ]
    return "[" + ", ".join(shown) + (", ..." if len(items) > 8 else "") + "]"
