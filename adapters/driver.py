"""Write a wire-protocol driver in Python: serve any adapter, or a table of callables.

    python -m adapters.driver reference          # the reference, over the protocol
    python -m adapters.driver package.module:Factory

`serve(adapter)` answers the protocol of `adapters/protocol.md` on stdin/stdout with
any `adapters.base.Adapter`. To expose a Python implementation that has no adapter,
give `CallableTable` a mapping from `"namespace.op"` to functions on NumPy arrays:

    table = {"nx.add": np.add, "nx.neg": np.negative}
    serve(CallableTable(table, name="mylib", version="1.0"))

Tensors reach the functions as NumPy arrays of the dtype's storage type (bfloat16,
float8 and int4 as `ml_dtypes` arrays; `int` as int64), and a NumPy array they return
becomes a tensor of the argument's dtype unless the function returns a
`values.TensorValue` (to choose the dtype).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any

import numpy as np

from adapters import codec
from adapters import values as v
from adapters.base import Adapter, Observe, Request, Status
from adapters.inprocess import InProcessAdapter, Live, Unsupported
from reference import dtypes


def _reply_line(request_id: Any, reply) -> dict[str, Any]:
    if reply.status is Status.UNSUPPORTED:
        return {"id": request_id, "unsupported": reply.message}
    if reply.status is Status.ERROR:
        return {"id": request_id, "error": {"error": reply.error, "message": reply.message}}
    if reply.status is Status.CRASH:
        return {"id": request_id, "error": {"error": "Crash", "message": reply.message}}
    line: dict[str, Any] = {"id": request_id, "result": codec.encode(reply.value)}
    if reply.args_after is not None:
        line["args_after"] = [codec.encode(a) for a in reply.args_after]
    for key in ("same_as_arg", "aliases_arg", "aliases_components", "stdout"):
        if getattr(reply, key) is not None:
            line[key] = getattr(reply, key)
    if reply.kept is not None:
        line["handles"] = {
            "args": list(reply.kept.args),
            "result": reply.kept.result,
            "components": list(reply.kept.components),
        }
    return line


def answer(adapter: Adapter, message: Mapping[str, Any]) -> dict[str, Any]:
    """The reply line for one request line."""
    request_id = message.get("id")
    if message.get("release"):
        adapter.end_case()
        return {"id": request_id, "result": {"unit": None}}
    try:
        request = Request(
            namespace=message["namespace"],
            op=message["op"],
            args=tuple(codec.decode(a, ("args", i)) for i, a in enumerate(message.get("args", []))),
            kwargs=codec.decode_kwargs(message.get("kwargs") or {}, ("kwargs",)),
            observe=frozenset(Observe(o) for o in message.get("observe", ())),
            keep=bool(message.get("keep")),
        )
    except (KeyError, ValueError, codec.CodecError) as error:
        return {"id": request_id, "error": {"error": "Invalid_request", "message": str(error)}}
    return _reply_line(request_id, adapter.call(request))


def serve(adapter: Adapter, stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> None:
    """Answer requests until stdin closes."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    hello = {
        "name": adapter.name,
        "version": adapter.version,
        "namespaces": sorted(adapter.namespaces),
        "dtypes": sorted(adapter.dtypes),
        "handles": adapter.handles,
    }
    stdout.write(json.dumps({"hello": hello}) + "\n")
    stdout.flush()
    for line in stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            message = {"id": None}
        # Whatever the implementation prints outside an observed call must not reach the
        # protocol channel: it goes to stderr, where the runner shows it on failures.
        with contextlib.redirect_stdout(sys.stderr):
            reply = answer(adapter, message)
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()
    adapter.close()


class CallableTable(InProcessAdapter):
    """An adapter over a table `{"namespace.op": function}` of functions on NumPy arrays."""

    def __init__(
        self,
        table: Mapping[str, Callable],
        *,
        name: str = "table",
        version: str = "0",
        dtypes_supported: frozenset[str] | None = None,
    ):
        super().__init__()
        self.table = dict(table)
        self.name, self.version = name, version
        self.namespaces = frozenset(key.split(".", 1)[0] for key in self.table)
        if dtypes_supported is not None:
            self.dtypes = dtypes_supported

    def invoke(self, namespace: str, op: str, args: list, kwargs: dict) -> Any:
        function = self.table.get(f"{namespace}.{op}")
        if function is None:
            raise Unsupported(f"{self.name} has no {namespace}.{op}")
        like = next((a for a in args if isinstance(a, _Typed)), None)
        result = function(*[_unwrap(a) for a in args], **{k: _unwrap(x) for k, x in kwargs.items()})
        if isinstance(result, np.ndarray) and like is not None:
            return _Typed(like.dtype, result)
        return result

    def to_native(self, value: Any) -> Any:
        if isinstance(value, Live):
            return value.obj
        if isinstance(value, v.TensorValue):
            return _Typed(value.dtype, value.data.copy())
        if isinstance(value, v.Ints | v.Floats | v.Pairs):
            return tuple(value.items)
        if isinstance(value, v.DTypeValue):
            return value.dtype
        if isinstance(value, v.Tuple):
            return tuple(self.to_native(x) for x in value.items)
        if isinstance(value, v.List):
            return [self.to_native(x) for x in value.items]
        if isinstance(value, v.Option):
            return None if value.value is None else self.to_native(value.value)
        if isinstance(value, v.Variant):
            if not value.has_payload:
                return value.name
            return (value.name, self.to_native(value.payload))
        if isinstance(value, v.Unit):
            return None
        return value

    def to_value(self, native: Any) -> Any:
        if isinstance(native, _Typed):
            return v.TensorValue(
                native.dtype, native.array.shape, dtypes.to_storage(native.array, native.dtype)
            )
        if isinstance(native, v.TensorValue):
            return native
        if native is None:
            return v.UNIT
        if isinstance(native, np.generic):
            return native.item()
        if isinstance(native, tuple):
            return v.Tuple(tuple(self.to_value(x) for x in native))
        if isinstance(native, list):
            return v.List(tuple(self.to_value(x) for x in native))
        if isinstance(native, dtypes.DType):
            return v.DTypeValue(native)
        return native

    def shares_storage(self, a: Any, b: Any) -> bool:
        return (
            isinstance(a, _Typed) and isinstance(b, _Typed) and np.shares_memory(a.array, b.array)
        )


class _Typed:
    """A NumPy array with the Nx dtype it stands for."""

    __slots__ = ("array", "dtype")

    def __init__(self, dtype: dtypes.DType, array: np.ndarray):
        self.dtype, self.array = dtype, array


def _unwrap(native: Any) -> Any:
    if isinstance(native, _Typed):
        return native.array
    if isinstance(native, list):
        return [_unwrap(x) for x in native]
    if isinstance(native, tuple):
        return tuple(_unwrap(x) for x in native)
    return native


def main(argv: list[str] | None = None) -> None:
    from adapters.discovery import load_adapter

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m adapters.driver ADAPTER  (e.g. reference)")
    serve(load_adapter(args[0]))


if __name__ == "__main__":
    main()
