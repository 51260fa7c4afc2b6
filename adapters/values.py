"""The values every adapter speaks: the tagged values of the case format, as Python objects.

`spec/FORMAT.md`, "Values", tags every argument and result so that nothing is
guessed from YAML's own typing. This module is the in-memory form of those tags;
`codec` turns the tagged YAML/JSON form into these objects and back.

Plain Python stands for the OCaml scalars: `int` (`{int: 3}`), `float`, `bool`,
`str` (`{string: ..}`) and `complex`. Everything else has a small frozen class.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from spec import vocabulary
from spec.dtypes import DType


class Tag(enum.Enum):
    """The value tags of the format (a closed vocabulary; the schema lists the same)."""

    TENSOR = "tensor"
    INT = "int"
    FLOAT = "float"
    BOOL = "bool"
    STRING = "string"
    COMPLEX = "complex"
    INTS = "ints"
    FLOATS = "floats"
    PAIRS = "pairs"
    DTYPE = "dtype"
    VARIANT = "variant"
    INDEX = "index"
    VIEW = "view"
    TUPLE = "tuple"
    LIST = "list"
    OPTION = "option"
    FN = "fn"
    UNIT = "unit"
    REF = "ref"
    CALL = "call"
    HANDLE = "handle"
    GENARRAY = "genarray"


@dataclass(frozen=True, eq=False)
class TensorValue:
    """A tensor's dtype, shape and elements (`data`: a C-ordered NumPy array of
    `shape` in the dtype's storage type, see `spec.dtypes`)."""

    dtype: DType
    shape: tuple[int, ...]
    data: np.ndarray

    def __repr__(self) -> str:
        return f"tensor({self.dtype.name}, {list(self.shape)}, {self.data.reshape(-1).tolist()})"


@dataclass(frozen=True)
class Ints:
    """An OCaml `int array` / `int list`."""

    items: tuple[int, ...]


@dataclass(frozen=True)
class Floats:
    """An OCaml `float array` / `float list`."""

    items: tuple[float, ...]


@dataclass(frozen=True)
class Pairs:
    """An OCaml `(int * int) array` (padding, bounds, masks)."""

    items: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class DTypeValue:
    """A dtype given as a value (`zeros float32 ...`, the result of `dtype t`)."""

    dtype: DType


class _Payload(enum.Enum):
    """The absence of a payload (an enum member: it keeps its identity through pickling,
    which worker processes rely on)."""

    NONE = "no payload"


_NO_PAYLOAD = _Payload.NONE


@dataclass(frozen=True)
class Variant:
    """A constructor or polymorphic variant, with an optional payload."""

    name: str
    payload: Any = _NO_PAYLOAD

    @property
    def has_payload(self) -> bool:
        return self.payload is not _NO_PAYLOAD


class IndexKind(enum.Enum):
    """The constructors of `Nx.index`."""

    I = "I"
    L = "L"
    R = "R"
    RS = "Rs"
    A = "A"
    M = "M"
    N = "N"


@dataclass(frozen=True)
class IndexSpec:
    """One slice spec; `arg` is an int (I), ints (L, R, Rs), a value (M) or None (A, N)."""

    kind: IndexKind
    arg: Any = None


@dataclass(frozen=True)
class Index:
    specs: tuple[IndexSpec, ...]


@dataclass(frozen=True)
class ViewValue:
    """An `Nx_core.View.t`."""

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    offset: int
    mask: tuple[tuple[int, int], ...] | None


@dataclass(frozen=True)
class Tuple:
    """An OCaml tuple (several results, or a tuple argument such as `~stride:(2, 2)`)."""

    items: tuple[Any, ...]


@dataclass(frozen=True)
class List:
    """An OCaml list or array of values."""

    items: tuple[Any, ...]


@dataclass(frozen=True)
class Option:
    """`None` is `Option(None)`; `Some v` is `Option(v)`."""

    value: Any


@dataclass(frozen=True)
class Fn:
    """A named function of the runner's registry (`adapters.functions`)."""

    name: str


@dataclass(frozen=True)
class Unit:
    """OCaml `()`."""


UNIT = Unit()


@dataclass(frozen=True)
class Ref:
    """A live value of the current case: `arg0`, `arg1[2]`, `out`, `out1`, `prev`."""

    name: str


@dataclass(frozen=True)
class Call:
    """An argument produced by the implementation under test: the result of `op`."""

    op: str
    args: tuple[Any, ...]
    kwargs: Mapping[str, Any] = field(default_factory=lambda: FrozenDict())
    namespace: str | None = None


# The element kinds of OCaml's Bigarray (and Nx's Bigarray_ext) and the dtype that stores each.
GENARRAY_KINDS: dict[str, str] = vocabulary.GENARRAY_KINDS
GENARRAY_LAYOUTS = ("c_layout", "fortran_layout")


@dataclass(frozen=True, eq=False)
class GenarrayValue:
    """An OCaml `Bigarray.Genarray.t`: element kind, layout, dimensions, and the elements
    in *memory order* (row-major for `c_layout`, column-major for `fortran_layout`), so
    that `change_layout`, which shares the storage and reverses the dimensions, keeps
    `data` as it is. `data` is 1-D in the storage type of `dtype` (the kind's dtype)."""

    kind: str
    layout: str
    dims: tuple[int, ...]
    data: np.ndarray
    dtype: DType


@dataclass(frozen=True)
class Handle:
    """A live value kept by an implementation between calls of one case
    (`component`: element N of a kept tuple or list result)."""

    handle: int | str
    component: int | None = None


class FrozenDict(dict):
    """A dict that refuses changes (and, unlike MappingProxyType, pickles)."""

    def _refuse(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("this mapping is read-only")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]
    __ior__ = _refuse  # type: ignore[assignment]

    def __reduce__(self):
        return (FrozenDict, (dict(self),))

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: kv[0])))


def frozen_mapping(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return FrozenDict(mapping or {})


def walk(value: Any):
    """Every value nested in `value` (itself included), depth first."""
    yield value
    children: tuple = ()
    if isinstance(value, Tuple | List):
        children = value.items
    elif isinstance(value, Option) and value.value is not None:
        children = (value.value,)
    elif isinstance(value, Variant) and value.has_payload:
        children = (value.payload,)
    elif isinstance(value, Call):
        children = (*value.args, *value.kwargs.values())
    elif isinstance(value, Index):
        children = tuple(spec.arg for spec in value.specs if spec.kind is IndexKind.M)
    for child in children:
        yield from walk(child)


def replace_refs(value: Any, resolve) -> Any:
    """`value` with every `Ref` replaced by `resolve(ref)`, containers rebuilt."""
    if isinstance(value, Ref):
        return resolve(value)
    if isinstance(value, Tuple):
        return Tuple(tuple(replace_refs(x, resolve) for x in value.items))
    if isinstance(value, List):
        return List(tuple(replace_refs(x, resolve) for x in value.items))
    if isinstance(value, Option) and value.value is not None:
        return Option(replace_refs(value.value, resolve))
    if isinstance(value, Variant) and value.has_payload:
        return Variant(value.name, replace_refs(value.payload, resolve))
    if isinstance(value, Call):
        return Call(
            value.op,
            tuple(replace_refs(x, resolve) for x in value.args),
            frozen_mapping({k: replace_refs(x, resolve) for k, x in value.kwargs.items()}),
            value.namespace,
        )
    if isinstance(value, Index):
        return Index(
            tuple(
                IndexSpec(s.kind, replace_refs(s.arg, resolve)) if s.kind is IndexKind.M else s
                for s in value.specs
            )
        )
    return value
