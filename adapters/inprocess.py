"""The machinery shared by adapters that run in this Python process.

A subclass says how to turn values into its native objects and back (`to_native`,
`to_value`), how to run one op (`invoke`), and how to tell storage sharing
(`shares_storage`). This class does the rest of the protocol: it builds `Call`
arguments by invoking the implementation, resolves `Ref`s and `Handle`s to the same
live objects, keeps live values for pipelines, and observes in-place effects.
"""

from __future__ import annotations

import contextlib
import io
import re
import traceback
from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any

from adapters import values as v
from adapters.base import Adapter, Kept, Observe, Reply, Request, Status
from adapters.functions import FUNCTIONS


class Raised(Exception):
    """The implementation raised a documented error kind (an OCaml exception name)."""

    def __init__(self, kind: str, message: str):
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message


class Unsupported(Exception):
    """The implementation has no such op, or cannot take these arguments."""


@dataclass(frozen=True)
class Live:
    """A native object already built, standing in a value tree for `to_native`."""

    obj: Any


@dataclass
class _Scope:
    """The live values one request can refer to."""

    args: list = field(default_factory=list)


_IMMUTABLE_SCALARS = (bool, int, float, complex, str, tuple, type(None))
_ARG_REF = re.compile(r"^arg(\d+)(?:\[(\d+)\])?$")


def crash_message(error: BaseException) -> str:
    """`Type: message (at file:line in function)` for an escaped exception."""
    frames = traceback.extract_tb(error.__traceback__)
    where = ""
    if frames:
        last = frames[-1]
        where = f" (at {'/'.join(last.filename.split('/')[-3:])}:{last.lineno} in {last.name})"
    return f"{type(error).__name__}: {error}{where}"


class InProcessAdapter(Adapter):
    """An adapter over Python objects of this process."""

    def __init__(self) -> None:
        self._kept: dict[int, Any] = {}

    # --- What a subclass provides -------------------------------------------------

    @abstractmethod
    def to_native(self, value: Any) -> Any:
        """A value of `adapters.values` (with `Live` leaves) as a native object. An `ints` or
        `floats` value is an OCaml array, which a call may write into (`_into` functions):
        give the implementation a mutable sequence where it can take one."""

    @abstractmethod
    def to_value(self, native: Any) -> Any:
        """A native object as a value of `adapters.values`."""

    @abstractmethod
    def invoke(self, namespace: str, op: str, args: list, kwargs: dict) -> Any:
        """Run one op on native arguments; raise `Raised` or `Unsupported`."""

    def shares_storage(self, a: Any, b: Any) -> bool:
        buffer = getattr(a, "buffer", None)
        return buffer is not None and buffer is getattr(b, "buffer", None)

    # --- The protocol -------------------------------------------------------------

    def call(self, request: Request) -> Reply:
        try:
            return self._call(request)
        except Raised as raised:
            return Reply(Status.ERROR, error=raised.kind, message=raised.message)
        except Unsupported as unsupported:
            return Reply.unsupported(str(unsupported))
        except Exception as error:  # an undocumented failure of the implementation
            return Reply.crash(crash_message(error))

    def end_case(self) -> None:
        self._kept.clear()

    def _call(self, request: Request) -> Reply:
        if request.namespace not in self.namespaces:
            raise Unsupported(f"{self.name} does not implement namespace {request.namespace!r}")
        scope = _Scope()
        for arg in request.args:
            scope.args.append(self._build(arg, scope, request.namespace))
        kwargs = {k: self._build(x, scope, request.namespace) for k, x in request.kwargs.items()}
        observed: dict[str, Any] = {}
        if Observe.STDOUT in request.observe:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                result = self.invoke(request.namespace, request.op, list(scope.args), kwargs)
            observed["stdout"] = printed.getvalue()
        else:
            result = self.invoke(request.namespace, request.op, list(scope.args), kwargs)
        if Observe.ARGS_AFTER in request.observe:
            observed["args_after"] = tuple(self._argument_value(a) for a in scope.args)
        if Observe.SAME_AS_ARG in request.observe:
            # Identity means something only for mutable objects (a small int is `is` another).
            observed["same_as_arg"] = next(
                (
                    i
                    for i, a in enumerate(scope.args)
                    if a is result and not isinstance(a, _IMMUTABLE_SCALARS)
                ),
                None,
            )
        if Observe.ALIASES_ARG in request.observe:
            observed["aliases_arg"] = self._sharing(result, scope.args)
            if isinstance(result, tuple | list):
                observed["aliases_components"] = tuple(
                    self._sharing(part, scope.args) for part in result
                )
        kept = self._keep(scope.args, result) if request.keep else None
        return Reply(Status.RESULT, value=self.to_value(result), kept=kept, **observed)

    def _sharing(self, result: Any, args: list) -> int | None:
        """The first argument whose storage `result` shares, if any."""
        return next((i for i, a in enumerate(args) if self.shares_storage(result, a)), None)

    def _argument_value(self, native: Any) -> Any:
        """An argument after the call; a named function stays its name."""
        if callable(native) and getattr(native, "__name__", None) in FUNCTIONS:
            return v.Fn(native.__name__)
        return self.to_value(native)

    def _keep(self, args: list, result: Any) -> Kept:
        def store(obj: Any) -> int:
            handle = len(self._kept)
            self._kept[handle] = obj
            return handle

        components = tuple(store(x) for x in result) if isinstance(result, tuple | list) else ()
        return Kept(tuple(store(a) for a in args), store(result), components)

    def _build(self, value: Any, scope: _Scope, namespace: str) -> Any:
        """A native object for `value`: calls invoked, refs and handles resolved."""
        return self.to_native(self._resolve(value, scope, namespace))

    def _resolve(self, value: Any, scope: _Scope, namespace: str) -> Any:
        """Replace every Call / Ref / Handle / Fn in a value tree by a `Live` native."""
        if isinstance(value, v.Ref):
            return Live(self._ref(value.name, scope))
        if isinstance(value, v.Handle):
            if value.handle not in self._kept:
                raise KeyError(f"no live value with handle {value.handle!r} in this case")
            kept = self._kept[value.handle]
            return Live(kept if value.component is None else kept[value.component])
        if isinstance(value, v.Call):
            inner = _Scope(scope.args)
            args = [self._build(a, inner, namespace) for a in value.args]
            kwargs = {k: self._build(x, inner, namespace) for k, x in value.kwargs.items()}
            return Live(self.invoke(value.namespace or namespace, value.op, args, kwargs))
        if isinstance(value, v.Fn):
            return Live(self.make_function(value.name))
        if isinstance(value, v.Tuple):
            return v.Tuple(tuple(self._resolve(x, scope, namespace) for x in value.items))
        if isinstance(value, v.List):
            return v.List(tuple(self._resolve(x, scope, namespace) for x in value.items))
        if isinstance(value, v.Option) and value.value is not None:
            return v.Option(self._resolve(value.value, scope, namespace))
        if isinstance(value, v.Variant) and value.has_payload:
            return v.Variant(value.name, self._resolve(value.payload, scope, namespace))
        if isinstance(value, v.Index):
            return v.Index(
                tuple(
                    v.IndexSpec(s.kind, self._resolve(s.arg, scope, namespace))
                    if s.kind is v.IndexKind.M
                    else s
                    for s in value.specs
                )
            )
        return value

    def _ref(self, name: str, scope: _Scope) -> Any:
        match = _ARG_REF.match(name)
        if not match:
            raise ValueError(f"ref {name!r} cannot be used inside a request (only argN, argN[K])")
        position = int(match.group(1))
        if position >= len(scope.args):
            raise ValueError(f"ref {name!r} names an argument that is not built yet")
        obj = scope.args[position]
        return obj if match.group(2) is None else obj[int(match.group(2))]

    def make_function(self, name: str) -> Any:
        """The native callable for a named function (`adapters.functions`), named after it."""

        def invoke(namespace: str, op: str, *args: Any, **kwargs: Any) -> Any:
            return self.invoke(namespace, op, list(args), kwargs)

        function = FUNCTIONS[name].make(invoke)
        function.__name__ = name
        return function
