"""Finding an adapter by name.

The names of the implementations in the registry (`adapters/registry.py`: `reference`,
`numpy`, `ocaml-genarray`, `ocaml-nx` and `ocaml-nx@RELEASE[+BACKEND]`, `arraymancer`),
with the state of those that are built. Any installed package can add more under the entry
point group `nx_conformance.adapters` (name = a class or factory taking no arguments), so a
backend plugs in its own adapter without editing this repository:

    [project.entry-points."nx_conformance.adapters"]
    mybackend = "mybackend.conformance:Adapter"

Without packaging, `module.path:Factory` names the factory directly, and
`cmd:PROGRAM ARGS` runs a program that speaks the wire protocol (`adapters/protocol.md`).

A name that cannot give an adapter (unknown, unparsable, not a factory, a factory that
fails, a program that cannot start, an implementation not built) raises `AdapterError`
(adapters/base.py) with a one-line message.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import os
import sys
from collections.abc import Callable
from importlib.metadata import entry_points

from adapters import registry
from adapters.base import Adapter, AdapterError, UnknownAdapter

ENTRY_POINT_GROUP = "nx_conformance.adapters"


# The forms of --adapter besides the names of `available()`, as `nx-conformance adapters`
# lists them.
FORMS: dict[str, str] = {
    "cmd:PROGRAM ARGS": "a program that speaks the wire protocol (adapters/protocol.md)",
    "package.module:Factory": "a class or function importable here, called with no arguments",
}


def _load_target(target: str) -> Callable[[], Adapter]:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def _make(name: str, factory: object) -> Adapter:
    """Call an adapter factory, which takes no arguments and returns an `Adapter`."""
    if not callable(factory):
        raise AdapterError(f"{name!r} is not an adapter factory: it is not callable")
    try:
        inspect.signature(factory).bind()
    except TypeError:
        raise AdapterError(
            f"{name!r} is not an adapter factory: it needs arguments {inspect.signature(factory)}"
        ) from None
    except ValueError:  # no signature to inspect (some built-ins): try the call
        pass
    try:
        adapter = factory()
    except AdapterError:
        raise
    except Exception as error:
        raise AdapterError(
            f"adapter {name!r} failed to start: {type(error).__name__}: {error}"
        ) from error
    if not isinstance(adapter, Adapter):
        raise AdapterError(
            f"{name!r} is not an adapter factory: it returned {type(adapter).__name__}, "
            "not an adapters.base.Adapter"
        )
    return adapter


def available() -> dict[str, str]:
    """Adapter names and what each is (with its state, for what is built)."""
    names = {}
    for implementation in registry.implementations():
        names.update(implementation.adapters())
    for point in entry_points(group=ENTRY_POINT_GROUP):
        names.setdefault(point.name, f"entry point {point.value}")
    return names


def load_adapter(
    name: str,
    *,
    timeout: float | None = None,
    start_timeout: float | None = None,
    isolate: bool = False,
) -> Adapter:
    """The adapter called `name`, ready to run cases (`timeout`: seconds a `cmd:` program
    may take to answer one request; `start_timeout`: to print its hello; `isolate`: each
    case in a clean process, through the program's fork server where its hello offers one,
    else a fresh process per case: for adapters that run a program only)."""
    adapter = _load_adapter(name, timeout=timeout, start_timeout=start_timeout)
    if isolate:
        isolate_cases = getattr(adapter, "isolate_cases", None)
        if isolate_cases is None:
            adapter.close()
            raise AdapterError(
                f"--isolate runs each case in a process of its own, but {name} runs in this "
                "process: it needs an adapter that runs a program (cmd:PROGRAM, ocaml-nx, ...)"
            )
        isolate_cases()
    return adapter


def _load_adapter(
    name: str, *, timeout: float | None = None, start_timeout: float | None = None
) -> Adapter:
    if name.startswith("cmd:"):
        from adapters.protocol import DEFAULT_START_TIMEOUT, DEFAULT_TIMEOUT, ProtocolAdapter

        return ProtocolAdapter(
            name[len("cmd:") :],
            timeout=DEFAULT_TIMEOUT if timeout is None else timeout,
            start_timeout=DEFAULT_START_TIMEOUT if start_timeout is None else start_timeout,
        )
    implementation = registry.owner(name)
    if implementation is not None:
        return _make(name, lambda: implementation.load(name, timeout=timeout))
    if ":" in name:
        # As `python -m` does: modules of the working directory can be named.
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            factory = _load_target(name)
        except (ImportError, AttributeError, ValueError) as error:
            raise UnknownAdapter(f"cannot load adapter {name!r}: {error}") from None
        return _make(name, factory)
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name == name:
            try:
                factory = point.load()
            except (ImportError, AttributeError) as error:
                raise UnknownAdapter(f"cannot load adapter {name!r}: {error}") from None
            return _make(name, factory)
    near = difflib.get_close_matches(name, available(), n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    raise UnknownAdapter(
        f"no adapter named {name!r}{hint}; available: {', '.join(sorted(available()))}"
    )
