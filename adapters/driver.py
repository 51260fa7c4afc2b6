"""Write a wire-protocol driver in Python: serve any adapter, or a table of callables.

    python -m adapters.driver reference          # the reference, over the protocol
    python -m adapters.driver package.module:Factory

`serve(adapter)` answers the protocol of `adapters/protocol.md` on stdin/stdout with
any `adapters.base.Adapter`. To expose a Python implementation that has no adapter,
give `CallableTable` a mapping from `"namespace.op"` to functions on NumPy arrays:

    table = {"nx.add": np.add, "nx.neg": np.negative}
    serve(CallableTable(table, name="mylib", version="1.0"))

Tensors reach the functions as NumPy arrays of the dtype's storage type (bfloat16,
float8 and int4 as `ml_dtypes` arrays; `int` as int64), labelled arguments as keywords
named by their OCaml label, and results come back as the `numpy` adapter reports them
(an array of an argument's storage type keeps that argument's Nx dtype).
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any

from adapters import codec, forking
from adapters.base import Adapter, Observe, Request, Status
from adapters.inprocess import Unsupported
from adapters.numpy_adapter.adapter import Call, NumpyAdapter


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


def serve(
    adapter: Adapter,
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
    *,
    fork: bool = False,
) -> None:
    """Answer requests until stdin closes. With `fork`, the driver can serve each case
    from a forked child (protocol section 6): when the runner asks for it in the
    environment, the hello says so and the cases are served on the process's own stdin
    and stdout by `adapters.forking`."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    hello = {
        "name": adapter.name,
        "version": adapter.version,
        "namespaces": sorted(adapter.namespaces),
        "dtypes": sorted(adapter.dtypes),
        "handles": adapter.handles,
    }
    if not adapter.views:
        hello["views"] = False
    fork = fork and forking.asked()
    if fork:
        hello["isolation"] = "fork"
    stdout.write(json.dumps({"hello": hello}) + "\n")
    stdout.flush()
    if fork:
        forking.serve(adapter, _answer_line)  # a fork server from the first request on
        adapter.close()
        return
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


def _answer_line(adapter: Adapter, line: str) -> tuple[dict[str, Any], bool]:
    """The reply to one request line, and whether the line ended the case (`release`)."""
    try:
        message = json.loads(line)
    except ValueError:
        message = {"id": None}
    if not isinstance(message, dict):
        message = {"id": None}
    with contextlib.redirect_stdout(sys.stderr):
        reply = answer(adapter, message)
    return reply, bool(message.get("release"))


class CallableTable(NumpyAdapter):
    """An adapter over a table `{"nx.op": function on NumPy arrays}`: arguments and results
    pass as the `numpy` adapter passes them, labelled arguments by their OCaml label."""

    def __init__(self, table: Mapping[str, Callable], *, name: str = "table",
                 version: str = "0", dtypes_supported: frozenset[str] | None = None):
        super().__init__({})
        self.functions = dict(table)
        self.name, self.version = name, version
        self.namespaces = frozenset(key.split(".", 1)[0] for key in self.functions)
        if dtypes_supported is not None:
            self.dtypes = dtypes_supported

    def invoke(self, namespace: str, op: str, args: list, kwargs: dict) -> Any:
        function = self.functions.get(f"{namespace}.{op}")
        if function is None:
            raise Unsupported(f"{self.name} has no {namespace}.{op}")
        return Call(function, kwargs={label: label for label in kwargs}).run(args, kwargs)


def main(argv: list[str] | None = None) -> None:
    from adapters.discovery import load_adapter

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        raise SystemExit("usage: python -m adapters.driver ADAPTER  (e.g. reference)")
    serve(load_adapter(args[0]))


if __name__ == "__main__":
    main()
