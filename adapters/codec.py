"""Tagged values (YAML or JSON) <-> the Python values of `adapters.values`.

`decode` is strict: a tensor whose data does not have `numel` entries, an unknown
dtype, an integer outside its dtype's range (300 in int8, 8 in int4), a float that
overflows its dtype, or a bool written as 0 is an error of the *case*, reported with
the path to the offending value, never silently wrapped or rounded away.

Tensor data on the wire (`encode`/`decode` of JSON) is either a list, as in YAML
(non-finite floats written as the strings "nan", "inf", "-inf", since JSON has no
literal for them; negative zero may be written "-0", which JavaScript's JSON.stringify
needs), or raw little-endian bytes in base64 under the key `b64` in place
of `data` (one byte per element for int4/uint4/bool; complex16 is two float16).
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from adapters import values as v
from spec import dtypes
from spec.dtypes import DType, Kind

Path = tuple[Any, ...]


class CodecError(ValueError):
    """A value that is not well formed; `path` leads to it from the decoded root."""

    def __init__(self, path: Path, message: str):
        super().__init__(message)
        self.path = path
        self.message = message

    def __str__(self) -> str:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        return f"{where.lstrip('.') or 'value'}: {self.message}"


class OutOfRange(CodecError):
    """A well-formed element its dtype cannot hold (300 in int8, a float that overflows):
    in a case file an error of the case; in an implementation's reply, a wrong answer."""


_SCALAR_NAN = {"nan", ".nan", "NaN"}
_SCALAR_INF = {"inf", ".inf", "+inf", "+.inf", "Infinity"}
_SCALAR_NEG_INF = {"-inf", "-.inf", "-Infinity"}
# JSON.stringify writes -0.0 as 0, so a driver may spell negative zero as a string.
_SCALAR_NEG_ZERO = {"-0", "-0.0"}


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _float_of(x: Any, path: Path) -> float:
    """A YAML/JSON number (or a non-finite spelled as a string) as a float."""
    if isinstance(x, bool):
        raise CodecError(path, f"expected a number, got the bool {x!r}")
    if isinstance(x, int | float):
        return float(x)
    if isinstance(x, str):
        if x in _SCALAR_NAN:
            return math.nan
        if x in _SCALAR_INF:
            return math.inf
        if x in _SCALAR_NEG_INF:
            return -math.inf
        if x in _SCALAR_NEG_ZERO:
            return -0.0
    raise CodecError(path, f"expected a number, got {x!r}")


def _int_of(x: Any, path: Path) -> int:
    if not _is_int(x):
        raise CodecError(path, f"expected an integer, got {x!r}")
    return x


# --- Tensors --------------------------------------------------------------------------


def _dtype_of(name: Any, path: Path) -> DType:
    if not isinstance(name, str):
        raise CodecError(path, f"a dtype is a name, got {name!r}")
    try:
        return dtypes.by_name(name)
    except dtypes.UnknownDType as error:
        raise CodecError(path, str(error)) from None


def _shape_of(shape: Any, path: Path) -> tuple[int, ...]:
    if not isinstance(shape, list):
        raise CodecError(path, f"a shape is a list of dimensions, got {shape!r}")
    dims = tuple(_int_of(d, (*path, i)) for i, d in enumerate(shape))
    for i, dim in enumerate(dims):
        if dim < 0:
            raise CodecError((*path, i), f"negative dimension {dim}")
    return dims


def _element_array(dtype: DType, data: list, path: Path) -> np.ndarray:
    """Check every element against the dtype and store them exactly."""
    if dtype.kind is Kind.BOOL:
        for i, x in enumerate(data):
            if not isinstance(x, bool):
                raise CodecError((*path, i), f"bool data must be true/false, got {x!r}")
        return np.array(data, dtype=np.bool_)
    if dtype.is_integer:
        for i, x in enumerate(data):
            if type(x) is not int:  # bool is not an integer here
                raise CodecError((*path, i), f"{dtype.name} data must be integers, got {x!r}")
        outside = (
            [i for i, x in enumerate(data) if not dtype.low <= x <= dtype.high]
            if data and not dtype.low <= min(data) <= max(data) <= dtype.high
            else []
        )
        if outside:
            x = data[outside[0]]
            raise OutOfRange(
                (*path, outside[0]),
                f"{x} is out of range for {dtype.name} [{dtype.low}, {dtype.high}]",
            )
        return np.array(data, dtype=np.int64).astype(dtype.storage)
    if dtype.is_complex:
        parts = []
        for i, x in enumerate(data):
            if not (isinstance(x, list) and len(x) == 2):
                raise CodecError((*path, i), f"{dtype.name} elements are [re, im] pairs, got {x!r}")
            parts.append((_float_of(x[0], (*path, i, 0)), _float_of(x[1], (*path, i, 1))))
        pairs = np.array(parts, dtype=np.float64).reshape(len(parts), 2)
        bad = _out_of_range(dtypes.part_dtype(dtype), pairs.reshape(-1))
        if bad is not None:
            raise OutOfRange((*path, bad[0] // 2, bad[0] % 2), bad[1])
        return _complex_storage(pairs, dtype)
    if all(type(x) is float or type(x) is int for x in data):
        floats = np.array(data, dtype=np.float64)
    else:
        floats = np.array([_float_of(x, (*path, i)) for i, x in enumerate(data)], dtype=np.float64)
    bad = _out_of_range(dtype, floats)
    if bad is not None:
        raise OutOfRange((*path, bad[0]), bad[1])
    return dtypes.to_storage(floats, dtype)


def _complex_storage(pairs: np.ndarray, dtype: DType) -> np.ndarray:
    """Build complex elements part by part (so that inf parts do not turn into NaN)."""
    wide = np.empty(pairs.shape[0], dtype=np.complex128)
    wide.real = pairs[:, 0]
    wide.imag = pairs[:, 1]
    return dtypes.to_storage(wide, dtype)


def _out_of_range(dtype: DType, floats: np.ndarray) -> tuple[int, str] | None:
    """The first literal the dtype cannot hold: a finite value that overflows, or an
    infinity in a dtype without infinities (E4M3)."""
    if not floats.size or (
        np.isfinite(floats).all() and np.abs(floats).max() <= dtypes.finite_max(dtype)
    ):
        return None  # nothing can overflow (the usual case, decided without rounding)
    with np.errstate(over="ignore"):
        kept = dtypes.to_storage(floats, dtype).astype(np.float64)
    infinite = np.isinf(floats) if not dtypes.has_infinity(dtype) else np.zeros(floats.shape, bool)
    overflow = np.isfinite(floats) & ~np.isfinite(kept)
    bad = np.flatnonzero(infinite | overflow)
    if not bad.size:
        return None
    i = int(bad[0])
    literal = float(floats[i])
    if infinite[i]:
        return i, f"{dtype.name} has no infinities, got {literal}"
    return i, (
        f"{literal!r} is out of range for {dtype.name} "
        f"(largest finite value {dtypes.finite_max(dtype)})"
    )


def decode_tensor(body: Any, path: Path) -> v.TensorValue:
    if not isinstance(body, Mapping):
        raise CodecError(path, "a tensor is a mapping with dtype, shape and data")
    unknown = set(body) - {"dtype", "shape", "data", "b64"}
    if unknown:
        raise CodecError(path, f"unknown tensor field(s) {sorted(unknown)}")
    for key in ("dtype", "shape"):
        if key not in body:
            raise CodecError(path, f"a tensor needs '{key}'")
    dtype = _dtype_of(body["dtype"], (*path, "dtype"))
    shape = _shape_of(body["shape"], (*path, "shape"))
    numel = math.prod(shape)
    raw = body.get("b64")
    data = body.get("data")
    if isinstance(data, Mapping) and set(data) == {"b64"}:
        raw = data["b64"]
        data = None
    if raw is not None:
        return v.TensorValue(dtype, shape, _from_b64(raw, dtype, shape, (*path, "b64")))
    if not isinstance(data, list):
        raise CodecError((*path, "data"), "tensor data is a flat list (or b64 bytes)")
    if len(data) != numel:
        raise CodecError(
            (*path, "data"),
            f"data has {len(data)} entries but shape {list(shape)} needs numel = {numel}",
        )
    elements = _element_array(dtype, data, (*path, "data"))
    return v.TensorValue(dtype, shape, elements.reshape(shape))


def _wire_dtype(dtype: DType) -> np.dtype:
    """The little-endian layout of one element on the wire: a one-byte integer or bool is a
    byte, signed for a signed dtype (int4 and uint4 too: one value per byte)."""
    if dtype is dtypes.COMPLEX16:
        return np.dtype("<f2")
    if dtype.itemsize == 1 and (dtype.is_integer or dtype.is_bool):
        return np.dtype("i1" if dtype.kind is Kind.SIGNED else "u1")
    return dtype.storage.newbyteorder("<") if dtype.storage.itemsize > 1 else dtype.storage


def _from_b64(raw: Any, dtype: DType, shape: tuple[int, ...], path: Path) -> np.ndarray:
    if not isinstance(raw, str):
        raise CodecError(path, "b64 data is a base64 string")
    try:
        blob = base64.b64decode(raw, validate=True)
    except ValueError as error:
        raise CodecError(path, f"invalid base64: {error}") from None
    numel = math.prod(shape)
    wire = _wire_dtype(dtype)
    count = 2 * numel if dtype is dtypes.COMPLEX16 else numel
    if len(blob) != count * wire.itemsize:
        raise CodecError(
            path,
            f"b64 data has {len(blob)} bytes, {dtype.name} {list(shape)} "
            f"needs {count * wire.itemsize}",
        )
    flat = np.frombuffer(blob, dtype=wire)
    if dtype is dtypes.COMPLEX16:
        return _complex_storage(flat.astype(np.float64).reshape(numel, 2), dtype).reshape(shape)
    if dtype.is_bool:
        return (flat != 0).reshape(shape)
    narrow = dtype.is_integer and (dtype.bits < 8 or dtype is dtypes.INT)
    if narrow and numel and (flat.min() < dtype.low or flat.max() > dtype.high):
        first = int(np.flatnonzero((flat < dtype.low) | (flat > dtype.high))[0])
        raise OutOfRange(
            (*path, first),
            f"{int(flat[first])} is out of range for {dtype.name} [{dtype.low}, {dtype.high}]",
        )
    return flat.astype(dtype.storage).reshape(shape)


def _to_b64(value: v.TensorValue) -> str:
    dtype = value.dtype
    flat = value.data.reshape(-1)
    if dtype is dtypes.COMPLEX16:
        parts = np.stack([flat.real, flat.imag], axis=-1).astype("<f2")
        return base64.b64encode(parts.tobytes()).decode("ascii")
    return base64.b64encode(flat.astype(_wire_dtype(dtype)).tobytes()).decode("ascii")


def _json_float(x: float) -> float | str:
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def tensor_data_list(value: v.TensorValue) -> list:
    """The flat, row-major data of a tensor as plain Python numbers."""
    flat = value.data.reshape(-1)
    dtype = value.dtype
    if dtype.is_bool:
        return [bool(x) for x in flat]
    if dtype.is_integer:
        return [int(x) for x in flat.astype(np.int64)]
    if dtype.is_complex:
        return [[_json_float(float(z.real)), _json_float(float(z.imag))] for z in flat]
    return [_json_float(float(x)) for x in flat.astype(np.float64)]


# --- Every tag ------------------------------------------------------------------------

_SINGLE_TAGS = {tag.value for tag in v.Tag} - {"variant"}


def decode(node: Any, path: Path = ()) -> Any:
    """A tagged value (parsed YAML or JSON) as a value of `adapters.values`."""
    if isinstance(node, str) and node in ("A", "N"):
        raise CodecError(path, f"{node!r} is an index spec; wrap specs in {{index: [...]}}")
    if not isinstance(node, Mapping) or not node:
        raise CodecError(path, f"a value is a mapping with one tag (e.g. {{int: 3}}), got {node!r}")
    if "variant" in node:
        extra = set(node) - {"variant", "payload"}
        if extra:
            raise CodecError(
                path, f"a variant takes only 'payload' besides its name, got {sorted(extra)}"
            )
        name = node["variant"]
        if not isinstance(name, str):
            raise CodecError((*path, "variant"), f"a variant name is a string, got {name!r}")
        if "payload" in node:
            return v.Variant(name, decode(node["payload"], (*path, "payload")))
        return v.Variant(name)
    if len(node) != 1:
        raise CodecError(path, f"a value has exactly one tag, got {sorted(node)}")
    ((tag, body),) = node.items()
    if tag not in _SINGLE_TAGS:
        raise CodecError(
            path, f"unknown value tag {tag!r}; expected one of {sorted(t.value for t in v.Tag)}"
        )
    return _DECODERS[v.Tag(tag)](body, (*path, tag))


def _decode_int(body, path):
    return _int_of(body, path)


def _decode_float(body, path):
    return _float_of(body, path)


def _decode_bool(body, path):
    if not isinstance(body, bool):
        raise CodecError(path, f"expected true or false, got {body!r}")
    return body


def _decode_string(body, path):
    if not isinstance(body, str):
        raise CodecError(path, f"expected a string, got {body!r}")
    return body


def _decode_complex(body, path):
    if not (isinstance(body, list) and len(body) == 2):
        raise CodecError(path, f"a complex is [re, im], got {body!r}")
    return complex(_float_of(body[0], (*path, 0)), _float_of(body[1], (*path, 1)))


def _list_of(body, path, what):
    if not isinstance(body, list):
        raise CodecError(path, f"expected a list of {what}, got {body!r}")
    return body


def _decode_ints(body, path):
    return v.Ints(tuple(_int_of(x, (*path, i)) for i, x in enumerate(_list_of(body, path, "ints"))))


def _decode_floats(body, path):
    items = _list_of(body, path, "floats")
    return v.Floats(tuple(_float_of(x, (*path, i)) for i, x in enumerate(items)))


def _pair(x, path) -> tuple[int, int]:
    if not (isinstance(x, list) and len(x) == 2):
        raise CodecError(path, f"expected an [a, b] pair of ints, got {x!r}")
    return (_int_of(x[0], (*path, 0)), _int_of(x[1], (*path, 1)))


def _decode_pairs(body, path):
    items = _list_of(body, path, "pairs")
    return v.Pairs(tuple(_pair(x, (*path, i)) for i, x in enumerate(items)))


def _decode_dtype(body, path):
    return v.DTypeValue(_dtype_of(body, path))


_INDEX_ARITY = {"R": 2, "Rs": 3}


def _decode_index_spec(spec, path) -> v.IndexSpec:
    if spec in ("A", "N"):
        return v.IndexSpec(v.IndexKind(spec))
    if not (isinstance(spec, Mapping) and len(spec) == 1):
        raise CodecError(path, f"an index spec is A, N or one of {{I|L|R|Rs|M: ...}}, got {spec!r}")
    ((kind, arg),) = spec.items()
    if kind == "I":
        return v.IndexSpec(v.IndexKind.I, _int_of(arg, (*path, kind)))
    if kind == "L":
        items = _list_of(arg, (*path, kind), "indices")
        return v.IndexSpec(
            v.IndexKind.L, tuple(_int_of(x, (*path, kind, i)) for i, x in enumerate(items))
        )
    if kind in _INDEX_ARITY:
        items = _list_of(arg, (*path, kind), "ints")
        if len(items) != _INDEX_ARITY[kind]:
            raise CodecError((*path, kind), f"{kind} takes {_INDEX_ARITY[kind]} ints, got {arg!r}")
        return v.IndexSpec(
            v.IndexKind(kind), tuple(_int_of(x, (*path, kind, i)) for i, x in enumerate(items))
        )
    if kind == "M":
        return v.IndexSpec(v.IndexKind.M, decode(arg, (*path, kind)))
    raise CodecError(path, f"unknown index spec {kind!r}; expected I, L, R, Rs, A, M or N")


def _decode_index(body, path):
    items = _list_of(body, path, "index specs")
    return v.Index(tuple(_decode_index_spec(s, (*path, i)) for i, s in enumerate(items)))


def _decode_view(body, path):
    if not isinstance(body, Mapping):
        raise CodecError(path, "a view is a mapping with shape, strides, offset, mask")
    unknown = set(body) - {"shape", "strides", "offset", "mask"}
    if unknown:
        raise CodecError(path, f"unknown view field(s) {sorted(unknown)}")
    shape = tuple(
        _int_of(x, (*path, "shape", i))
        for i, x in enumerate(_list_of(body.get("shape"), (*path, "shape"), "ints"))
    )
    strides = tuple(
        _int_of(x, (*path, "strides", i))
        for i, x in enumerate(_list_of(body.get("strides"), (*path, "strides"), "ints"))
    )
    offset = _int_of(body.get("offset", 0), (*path, "offset"))
    mask = body.get("mask")
    if mask is not None:
        mask = _decode_pairs(mask, (*path, "mask")).items
    return v.ViewValue(shape, strides, offset, mask)


def _decode_items(body, path):
    return tuple(decode(x, (*path, i)) for i, x in enumerate(_list_of(body, path, "values")))


def _decode_tuple(body, path):
    return v.Tuple(_decode_items(body, path))


def _decode_list(body, path):
    return v.List(_decode_items(body, path))


def _decode_option(body, path):
    return v.Option(None if body is None else decode(body, path))


def _decode_fn(body, path):
    from adapters.functions import FUNCTIONS  # the registry of named functions

    name = _decode_string(body, path)
    if name not in FUNCTIONS:
        raise CodecError(path, f"unknown function {name!r}; the registry has {sorted(FUNCTIONS)}")
    return v.Fn(name)


def _decode_unit(body, path):
    if body is not None:
        raise CodecError(path, f"unit is written {{unit: null}}, got {body!r}")
    return v.UNIT


REF_NAME = r"^(arg\d+(\[\d+\])?|out\d*|prev)$"


def _decode_ref(body, path):
    import re

    name = _decode_string(body, path)
    if not re.match(REF_NAME, name):
        raise CodecError(path, f"a ref is argN, argN[K], out, outN or prev, got {name!r}")
    return v.Ref(name)


def _decode_call(body, path):
    if not isinstance(body, Mapping) or "op" not in body:
        raise CodecError(path, "a call is a mapping with op, args and optional kwargs, namespace")
    unknown = set(body) - {"op", "args", "kwargs", "namespace"}
    if unknown:
        raise CodecError(path, f"unknown call field(s) {sorted(unknown)}")
    op = _decode_string(body["op"], (*path, "op"))
    namespace = body.get("namespace")
    if namespace is not None:
        namespace = _decode_string(namespace, (*path, "namespace"))
    args = _decode_items(body.get("args", []), (*path, "args"))
    kwargs = decode_kwargs(body.get("kwargs") or {}, (*path, "kwargs"))
    return v.Call(op, args, kwargs, namespace)


def _decode_handle(body, path):
    if isinstance(body, Mapping):
        return v.Handle(body.get("id"), body.get("component"))
    if not isinstance(body, int | str) or isinstance(body, bool):
        raise CodecError(path, f"a handle is an int or string, got {body!r}")
    return v.Handle(body)


def decode_genarray(body: Any, path: Path) -> v.GenarrayValue:
    """`{genarray: {kind, layout, dims, data}}`: data in memory order (`values.GenarrayValue`)."""
    if not isinstance(body, Mapping):
        raise CodecError(path, "a genarray is a mapping with kind, layout, dims and data")
    unknown = set(body) - {"kind", "layout", "dims", "data", "b64"}
    if unknown:
        raise CodecError(path, f"unknown genarray field(s) {sorted(unknown)}")
    kind = body.get("kind")
    if kind not in v.GENARRAY_KINDS:
        raise CodecError(
            (*path, "kind"),
            f"unknown Bigarray kind {kind!r}; expected one of {', '.join(v.GENARRAY_KINDS)}",
        )
    layout = body.get("layout")
    if layout not in v.GENARRAY_LAYOUTS:
        raise CodecError(
            (*path, "layout"), f"a layout is c_layout or fortran_layout, got {layout!r}"
        )
    dims = _shape_of(body.get("dims"), (*path, "dims"))
    flat = {"dtype": v.GENARRAY_KINDS[kind], "shape": [math.prod(dims)]}
    flat.update({k: body[k] for k in ("data", "b64") if k in body})
    tensor = decode_tensor(flat, path)
    return v.GenarrayValue(kind, layout, dims, tensor.data, tensor.dtype)


def decode_kwargs(body: Any, path: Path = ()) -> Any:
    if not isinstance(body, Mapping):
        raise CodecError(path, f"kwargs is a mapping from label to value, got {body!r}")
    return v.frozen_mapping({str(k): decode(x, (*path, k)) for k, x in body.items()})


_DECODERS = {
    v.Tag.TENSOR: decode_tensor,
    v.Tag.INT: _decode_int,
    v.Tag.FLOAT: _decode_float,
    v.Tag.BOOL: _decode_bool,
    v.Tag.STRING: _decode_string,
    v.Tag.COMPLEX: _decode_complex,
    v.Tag.INTS: _decode_ints,
    v.Tag.FLOATS: _decode_floats,
    v.Tag.PAIRS: _decode_pairs,
    v.Tag.DTYPE: _decode_dtype,
    v.Tag.INDEX: _decode_index,
    v.Tag.VIEW: _decode_view,
    v.Tag.TUPLE: _decode_tuple,
    v.Tag.LIST: _decode_list,
    v.Tag.OPTION: _decode_option,
    v.Tag.FN: _decode_fn,
    v.Tag.UNIT: _decode_unit,
    v.Tag.REF: _decode_ref,
    v.Tag.CALL: _decode_call,
    v.Tag.HANDLE: _decode_handle,
    v.Tag.GENARRAY: lambda body, path: decode_genarray(body, path),
}


# --- Encoding -------------------------------------------------------------------------


def encode(value: Any, *, b64: bool = False) -> Any:
    """A value as its tagged, JSON-ready form (tensor data as a list, or base64)."""
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": value}
    if isinstance(value, float):
        return {"float": _json_float(value)}
    if isinstance(value, complex):
        return {"complex": [_json_float(value.real), _json_float(value.imag)]}
    if isinstance(value, str):
        return {"string": value}
    if isinstance(value, v.TensorValue):
        body: dict[str, Any] = {"dtype": value.dtype.name, "shape": list(value.shape)}
        if b64:
            body["b64"] = _to_b64(value)
        else:
            body["data"] = tensor_data_list(value)
        return {"tensor": body}
    return _encode_structured(value, b64)


def _encode_structured(value: Any, b64: bool) -> Any:
    if isinstance(value, v.Ints):
        return {"ints": list(value.items)}
    if isinstance(value, v.Floats):
        return {"floats": [_json_float(x) for x in value.items]}
    if isinstance(value, v.Pairs):
        return {"pairs": [list(p) for p in value.items]}
    if isinstance(value, v.DTypeValue):
        return {"dtype": value.dtype.name}
    if isinstance(value, v.Variant):
        out = {"variant": value.name}
        if value.has_payload:
            out["payload"] = encode(value.payload, b64=b64)
        return out
    if isinstance(value, v.Index):
        return {"index": [_encode_index_spec(s, b64) for s in value.specs]}
    if isinstance(value, v.ViewValue):
        mask = None if value.mask is None else [list(p) for p in value.mask]
        return {
            "view": {
                "shape": list(value.shape),
                "strides": list(value.strides),
                "offset": value.offset,
                "mask": mask,
            }
        }
    if isinstance(value, v.Tuple):
        return {"tuple": [encode(x, b64=b64) for x in value.items]}
    if isinstance(value, v.List):
        return {"list": [encode(x, b64=b64) for x in value.items]}
    if isinstance(value, v.Option):
        return {"option": None if value.value is None else encode(value.value, b64=b64)}
    if isinstance(value, v.Fn):
        return {"fn": value.name}
    if isinstance(value, v.Unit):
        return {"unit": None}
    if isinstance(value, v.Ref):
        return {"ref": value.name}
    if isinstance(value, v.Call):
        body = {"op": value.op, "args": [encode(x, b64=b64) for x in value.args]}
        if value.kwargs:
            body["kwargs"] = {k: encode(x, b64=b64) for k, x in value.kwargs.items()}
        if value.namespace:
            body["namespace"] = value.namespace
        return {"call": body}
    if isinstance(value, v.GenarrayValue):
        flat = encode(v.TensorValue(value.dtype, value.data.shape, value.data), b64=b64)["tensor"]
        body = {"kind": value.kind, "layout": value.layout, "dims": list(value.dims)}
        body.update({k: flat[k] for k in ("data", "b64") if k in flat})
        return {"genarray": body}
    if isinstance(value, v.Handle):
        if value.component is None:
            return {"handle": value.handle}
        return {"handle": {"id": value.handle, "component": value.component}}
    raise TypeError(f"cannot encode {type(value).__name__}: {value!r}")


def _encode_index_spec(spec: v.IndexSpec, b64: bool) -> Any:
    if spec.kind in (v.IndexKind.A, v.IndexKind.N):
        return spec.kind.value
    if spec.kind is v.IndexKind.M:
        return {"M": encode(spec.arg, b64=b64)}
    arg = spec.arg if spec.kind is v.IndexKind.I else list(spec.arg)
    return {spec.kind.value: arg}


def encode_kwargs(kwargs: Mapping[str, Any], *, b64: bool = False) -> dict[str, Any]:
    return {k: encode(x, b64=b64) for k, x in kwargs.items()}


def tensor(dtype: DType | str, shape: Sequence[int], data: Sequence) -> v.TensorValue:
    """Build a checked tensor value from Python data (a convenience for tests and drivers)."""
    name = dtype if isinstance(dtype, str) else dtype.name
    return decode_tensor({"dtype": name, "shape": list(shape), "data": list(data)}, ())
