"""What went wrong in a failed or errored case, as data: one closed vocabulary.

Every `fail` and `error` verdict carries a `Failure`: its kind (what differed, or how the
call went wrong), the message a person reads, and a few facts a report groups by (the
dtypes or value kinds involved, the error kinds, the kinds of the differing elements).
Concrete numbers stay in the message; the facts keep only what several cases can share,
so that a report can cluster failures by cause (`reports/causes.py`).
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import ml_dtypes
import numpy as np

from adapters.values import FrozenDict
from spec import dtypes
from spec.dtypes import DType


class Kind(enum.Enum):
    """What went wrong."""

    # The result is not the documented one (conformance/compare.py):
    TYPE = "type"  # another kind of value (a bool where a tensor is documented)
    DTYPE = "dtype"  # a tensor (or a genarray) of another element type
    SHAPE = "shape"  # another shape (dims)
    LAYOUT = "layout"  # a genarray of another layout
    LENGTH = "length"  # a sequence of another length
    VALUES = "values"  # same type, dtype and shape; some elements differ
    INVALID = "invalid-value"  # an element its own dtype cannot hold (300 in int8)
    PRINTED = "printed"  # printed text differs
    # Errors, documented or not (conformance/execute.py, `judge_raised`):
    RETURNED = "returned"  # returned where the documentation says the call raises
    RAISED = "raised"  # raised a documented error where a result is documented
    WRONG_ERROR = "wrong-error"  # raised another documented error kind
    ERROR_MESSAGE = "error-message"  # the documented kind, its message does not match
    UNDOCUMENTED_ERROR = "undocumented-error"  # raised something not among the four kinds
    # The call never answered properly (adapters: `Reply.fault`):
    CRASH = "crash"  # an escaped exception, a program that could not start
    EXITED = "exited"  # the program died
    TIMEOUT = "timeout"  # no reply in time (a hang)
    MALFORMED = "malformed"  # a reply that breaks the wire protocol
    # The other expectations:
    PROPERTY = "property"  # a check of `properties` does not hold
    PIPELINE_STEP = "pipeline-step"  # a pipeline step did not return
    MUTATES = "mutates"  # an argument after the call is not as documented
    RETURNS_ARG = "returns-arg"  # the result is not the argument itself
    ALIASES = "aliases"  # the result does not share storage as documented
    RUNNER = "runner"  # the runner itself failed on this case


class Element(enum.Enum):
    """The kind of a differing element: where an implementation's rules usually part."""

    NAN = "nan"  # either side is NaN
    SIGNED_ZERO = "signed-zero"  # both are zero, of different signs
    INFINITY = "infinity"  # either side is an infinity
    EXTREME = "extreme"  # an integer at a bound of its dtype; a float subnormal or at least
    # the largest finite value of its dtype
    ORDINARY = "ordinary"  # any other element


@dataclass(frozen=True)
class Failure:
    kind: Kind
    message: str
    facts: Mapping[str, Any] = field(default_factory=FrozenDict)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind.value, **{k: _plain(x) for k, x in self.facts.items()}}

    def prefixed(self, prefix: str) -> Failure:
        return Failure(self.kind, prefix + self.message, self.facts)


def failure(kind: Kind, message: str, **facts: Any) -> Failure:
    return Failure(kind, message, FrozenDict({k: x for k, x in facts.items() if x is not None}))


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(x) for x in value]
    if isinstance(value, enum.Enum):
        return value.value
    return value


# --- Differing elements ---------------------------------------------------------------------


def element_kinds(expected: np.ndarray, got: np.ndarray, dtype: DType) -> list[Element]:
    """The kinds of differing elements (`expected[i]` against `got[i]`, the comparator's
    choice) of `dtype`, in the order of `Element`; complex numbers part by part."""
    extreme = _extreme_test(dtype)
    found = set()
    for want, have in zip(_parts(expected), _parts(got), strict=True):
        for a, b in zip(want.ravel().tolist(), have.ravel().tolist(), strict=True):
            if not _same(a, b):
                found.add(_kind(a, b, extreme))
    return [kind for kind in Element if kind in found]


def scalar_kinds(expected: Any, got: Any) -> list[Element]:
    """The kind of one differing OCaml scalar (an `int` is 63-bit, a `float` float64)."""
    numbers = (int, float, complex)
    if isinstance(expected, bool) or isinstance(got, bool):
        return [Element.ORDINARY]
    if not (isinstance(expected, numbers) and isinstance(got, numbers)):
        return [Element.ORDINARY]
    if isinstance(expected, int) and isinstance(got, int):
        return [_kind(expected, got, _extreme_test(dtypes.by_name("int")))]
    extreme = _extreme_test(dtypes.FLOAT64)
    pairs = [
        (complex(expected).real, complex(got).real),
        (complex(expected).imag, complex(got).imag),
    ]
    found = {_kind(a, b, extreme) for a, b in pairs if not _same(a, b)}
    return [kind for kind in Element if kind in found] or [Element.ORDINARY]


def _parts(data: np.ndarray) -> list[np.ndarray]:
    if np.iscomplexobj(data):
        return [data.real, data.imag]
    return [data]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) or math.isnan(b):
            return math.isnan(a) and math.isnan(b)
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    return a == b


def _kind(a: Any, b: Any, extreme: Callable[[Any], bool]) -> Element:
    if not all(isinstance(x, int | float) for x in (a, b)):
        return Element.ORDINARY
    if any(isinstance(x, float) and math.isnan(x) for x in (a, b)):
        return Element.NAN
    if a == 0 and b == 0:
        return Element.SIGNED_ZERO
    if any(isinstance(x, float) and math.isinf(x) for x in (a, b)):
        return Element.INFINITY
    if extreme(a) or extreme(b):
        return Element.EXTREME
    return Element.ORDINARY


def _extreme_test(dtype: DType) -> Callable[[Any], bool]:
    """Integers: the dtype's bounds. Floats (and complex parts): the largest finite value
    and the subnormals."""
    if dtype.is_integer:
        return lambda x: x in (dtype.low, dtype.high)
    if dtype.is_float or dtype.is_complex:
        info = ml_dtypes.finfo((dtypes.part_dtype(dtype) if dtype.is_complex else dtype).storage)
        largest, tiny = float(info.max), float(info.tiny)
        return lambda x: abs(x) >= largest or 0 < abs(x) < tiny
    return lambda x: False
