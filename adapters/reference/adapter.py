"""The `reference` adapter: the reference interpreter, in this process."""

from __future__ import annotations

import inspect
from functools import cache
from typing import Any

import numpy as np

from adapters import values as v
from adapters.inprocess import InProcessAdapter, Live, Raised, Unsupported
from reference import ocaml, registry
from reference.dtypes import DType
from reference.errors import NxError
from reference.genarray.bigarray import C_LAYOUT, KIND_OF_DTYPE, KINDS, Bigarray
from reference.layout import View
from reference.tensor import Tensor

_INDEX_SPECS = {
    v.IndexKind.I: lambda arg: ocaml.I(arg),
    v.IndexKind.L: lambda arg: ocaml.L(tuple(arg)),
    v.IndexKind.R: lambda arg: ocaml.R(*arg),
    v.IndexKind.RS: lambda arg: ocaml.Rs(*arg),
    v.IndexKind.A: lambda arg: ocaml.A,
    v.IndexKind.N: lambda arg: ocaml.N,
}


class ReferenceAdapter(InProcessAdapter):
    name = "reference"
    version = "0.1.0"

    def __init__(self) -> None:
        super().__init__()
        registry.load_all()

    def invoke(self, namespace: str, op: str, args: list, kwargs: dict) -> Any:
        try:
            function = registry.lookup(namespace, op).function
        except registry.UnknownOp as unknown:
            raise Unsupported(str(unknown)) from None
        args, kwargs = _bigarrays_for_tensors(function, args, kwargs)
        try:
            return function(*args, **kwargs)
        except NxError as error:
            raise Raised(error.kind.value, error.message) from None
        except registry.UnknownOp as missing:  # an op built on another that is not there yet
            raise Unsupported(
                f"{namespace}.{op} needs {missing.key}, which is not implemented"
            ) from None

    def to_native(self, value: Any) -> Any:
        if isinstance(value, Live):
            return value.obj
        if isinstance(value, v.TensorValue):
            buffer = np.array(value.data, dtype=value.dtype.storage).reshape(-1)
            return Tensor(buffer, value.dtype, View.contiguous(value.shape))
        if isinstance(value, v.GenarrayValue):
            data = np.array(value.data, dtype=value.dtype.storage).reshape(-1)
            return Bigarray(KINDS[value.kind], value.layout, value.dims, data)
        if isinstance(value, bool | int | float | complex | str):
            return value
        if isinstance(value, v.Ints | v.Floats):
            # An OCaml `int array` / `float array` is mutable: the `_into` functions write
            # into one (`Shape.unravel_index_into k shape dst`), so it arrives as a list.
            return list(value.items)
        if isinstance(value, v.Pairs):
            return tuple(value.items)
        if isinstance(value, v.DTypeValue):
            return value.dtype
        if isinstance(value, v.Variant):
            if not value.has_payload:
                return value.name
            return ocaml.Variant(value.name, self.to_native(value.payload))
        if isinstance(value, v.Index):
            return [
                ocaml.M(self.to_native(s.arg))
                if s.kind is v.IndexKind.M
                else _INDEX_SPECS[s.kind](s.arg)
                for s in value.specs
            ]
        if isinstance(value, v.ViewValue):
            return View(value.shape, value.strides, value.offset, value.mask)
        if isinstance(value, v.Tuple):
            return tuple(self.to_native(x) for x in value.items)
        if isinstance(value, v.List):
            return [self.to_native(x) for x in value.items]
        if isinstance(value, v.Option):
            return None if value.value is None else self.to_native(value.value)
        if isinstance(value, v.Unit):
            return None
        raise TypeError(f"the reference adapter cannot pass a {type(value).__name__}")

    def shares_storage(self, a: Any, b: Any) -> bool:
        """Whether two tensors or Bigarrays share elements: one buffer object, or NumPy
        arrays over overlapping memory (a sub-array's `data` is a view of its parent's)."""
        mine, theirs = _storage(a), _storage(b)
        if mine is None or theirs is None:
            return False
        return mine is theirs or np.shares_memory(mine, theirs)

    def to_value(self, native: Any) -> Any:
        if isinstance(native, Tensor):
            return v.TensorValue(native.dtype, native.shape, native.values())
        if isinstance(native, Bigarray):
            return v.GenarrayValue(
                native.kind.name, native.layout, native.dims, native.data.copy(), native.kind.dtype
            )
        if native is None:
            return v.UNIT
        if isinstance(native, bool | np.bool_):
            return bool(native)
        if isinstance(native, int | np.integer):
            return int(native)
        if isinstance(native, float | np.floating):
            return float(native)
        if isinstance(native, complex | np.complexfloating):
            return complex(native)
        if isinstance(native, str):
            return native
        if isinstance(native, DType):
            return v.DTypeValue(native)
        if isinstance(native, View):
            return v.ViewValue(native.shape, native.strides, native.offset, native.mask)
        if isinstance(native, ocaml.Variant):
            return v.Variant(native.name, self.to_value(native.payload))
        if (
            isinstance(native, list)
            and native
            and all(isinstance(x, ocaml.IndexSpec) for x in native)
        ):
            return v.Index(tuple(self._index_spec(x) for x in native))
        if isinstance(native, tuple | list):
            return _sequence_value(native, [self.to_value(x) for x in native])
        raise TypeError(f"the reference returned an unexpected {type(native).__name__}")

    def _index_spec(self, spec: ocaml.IndexSpec) -> v.IndexSpec:
        """An `ocaml` index spec as a value (the inverse of `_INDEX_SPECS`)."""
        if isinstance(spec, ocaml.M):
            return v.IndexSpec(v.IndexKind.M, self.to_value(spec.mask))
        if isinstance(spec, ocaml.I):
            return v.IndexSpec(v.IndexKind.I, spec.index)
        if isinstance(spec, ocaml.L):
            return v.IndexSpec(v.IndexKind.L, tuple(spec.indices))
        if isinstance(spec, ocaml.R):
            return v.IndexSpec(v.IndexKind.R, (spec.start, spec.stop))
        if isinstance(spec, ocaml.Rs):
            return v.IndexSpec(v.IndexKind.RS, (spec.start, spec.stop, spec.step))
        return v.IndexSpec(v.IndexKind.A if spec is ocaml.A else v.IndexKind.N)


# The contract of the case format has no tag for a Bigarray, so a case written to it
# alone passes a `tensor` where an op takes a Bigarray (`of_bigarray_ext`, the genarray
# namespace). Such a tensor is read as the C-layout Bigarray of its dtype's kind, with its
# shape as dims and its elements; over the tensor's own storage when it is C-contiguous, so
# that a view of it is a view of the tensor (spec/FORMAT.md, "Bigarrays").
def _bigarrays_for_tensors(function: Any, args: list, kwargs: dict) -> tuple[list, dict]:
    positions, labels = _bigarray_parameters(function)
    if not positions and not labels:
        return args, kwargs
    args = [_as_bigarray(a) if i in positions else a for i, a in enumerate(args)]
    kwargs = {k: _as_bigarray(x) if k in labels else x for k, x in kwargs.items()}
    return args, kwargs


@cache
def _bigarray_parameters(function: Any) -> tuple[frozenset[int], frozenset[str]]:
    """The positions and labels of the parameters a reference op declares as Bigarrays."""
    parameters = list(inspect.signature(function).parameters.values())
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    takes = [p.annotation in ("Bigarray", Bigarray) for p in parameters]
    return (
        frozenset(i for i, p in enumerate(parameters) if takes[i] and p.kind in positional),
        frozenset(
            p.name for i, p in enumerate(parameters) if takes[i] and p.kind is p.KEYWORD_ONLY
        ),
    )


def _as_bigarray(value: Any) -> Any:
    if not isinstance(value, Tensor) or value.dtype not in KIND_OF_DTYPE:
        return value
    if value.is_c_contiguous():
        data = value.buffer[value.offset : value.offset + value.numel]
    else:
        data = value.values().reshape(-1)
    return Bigarray(KIND_OF_DTYPE[value.dtype], C_LAYOUT, value.shape, data)


def _storage(native: Any) -> np.ndarray | None:
    """The NumPy array holding a tensor's or a Bigarray's elements."""
    if isinstance(native, Tensor):
        return native.buffer
    if isinstance(native, Bigarray):
        return native.data
    return None


def _sequence_value(native: tuple | list, items: list) -> Any:
    """Int and float sequences become `ints` / `floats`; others keep tuple / list."""
    if items and all(type(x) is int for x in items):
        return v.Ints(tuple(items))
    if items and all(type(x) is float for x in items):
        return v.Floats(tuple(items))
    if isinstance(native, tuple):
        return v.Ints(()) if not items else v.Tuple(tuple(items))
    return v.List(tuple(items))
