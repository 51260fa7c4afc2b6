"""The one registry of the reference's operations, keyed like case ids: `namespace.op`.

Every op module registers its function with the explicit `@op("nx", "div")`
decorator (stack several for documented synonyms). Registering a name twice fails at
import time; asking for an unknown name fails with the nearest registered names.
`load_all()` imports every op module under `reference/<namespace>/`.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

from spec.vocabulary import NAMESPACES  # the documented modules: spec/vocabulary.yaml


@dataclass(frozen=True)
class Op:
    namespace: str
    name: str
    function: Callable
    module: str

    @property
    def key(self) -> str:
        return f"{self.namespace}.{self.name}"


class DuplicateOp(RuntimeError):
    pass


class UnknownOp(LookupError):
    def __init__(self, key: str, near: list[str]):
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        super().__init__(f"the reference has no op {key!r}{hint}")
        self.key = key
        self.near = near


_OPS: dict[str, Op] = {}


def op(namespace: str, name: str) -> Callable[[Callable], Callable]:
    """Register the decorated function as `namespace.name`."""
    if namespace not in NAMESPACES:
        raise ValueError(f"unknown namespace {namespace!r}; expected one of {NAMESPACES}")

    def register(function: Callable) -> Callable:
        key = f"{namespace}.{name}"
        if key in _OPS:
            raise DuplicateOp(
                f"{key} is registered twice: {_OPS[key].module} and {function.__module__}"
            )
        _OPS[key] = Op(namespace, name, function, function.__module__)
        return function

    return register


def lookup(namespace: str, name: str) -> Op:
    """The op registered as `namespace.name` (after `load_all()`)."""
    key = f"{namespace}.{name}"
    try:
        return _OPS[key]
    except KeyError:
        raise UnknownOp(key, difflib.get_close_matches(key, _OPS, n=3, cutoff=0.6)) from None


def registered() -> dict[str, Op]:
    """Every registered op by key."""
    return dict(_OPS)


_loaded = False


def load_all() -> None:
    """Import every op module of every namespace package (idempotent)."""
    global _loaded
    if _loaded:
        return
    for namespace in NAMESPACES:
        package = importlib.import_module(f"reference.{namespace}")
        for module in pkgutil.walk_packages(package.__path__, prefix=f"{package.__name__}."):
            importlib.import_module(module.name)
    _loaded = True
