"""Finding an adapter by name.

Built in: `reference`, `numpy` (NumPy in its own semantics, `adapters/numpy_adapter.py`),
and `ocaml-genarray` (the `genarray` namespace on OCaml's own
Bigarray, built on first use: `adapters/ocaml_genarray`). Any installed package can add
more under the entry point group `nx_conformance.adapters` (name = a class or factory
taking no arguments), so a backend plugs in its own adapter without editing this
repository:

    [project.entry-points."nx_conformance.adapters"]
    mybackend = "mybackend.conformance:Adapter"

Without packaging, `module.path:Factory` names the factory directly, and
`cmd:PROGRAM ARGS` runs a program that speaks the wire protocol (`adapters/protocol.md`).

"""

from __future__ import annotations

import difflib
import importlib
import os
import sys
from collections.abc import Callable
from importlib.metadata import entry_points

from adapters.base import Adapter

ENTRY_POINT_GROUP = "nx_conformance.adapters"

_BUILT_IN: dict[str, str] = {
    "reference": "adapters.reference:ReferenceAdapter",
    "numpy": "adapters.numpy_adapter:NumpyAdapter",
    "ocaml-genarray": "adapters.ocaml_genarray:OCamlGenarrayAdapter",
    "ocaml-nx": "adapters.ocaml_nx:OCamlNxAdapter",
}
# The real Nx at another release built by `setup ocaml-nx`: `ocaml-nx@1.0.0_alpha3`.
_OCAML_NX_AT = "ocaml-nx@"


class UnknownAdapter(LookupError):
    pass


def _load_target(target: str) -> Callable[[], Adapter]:
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def available() -> dict[str, str]:
    """Adapter names and where they come from (built in, or an entry point)."""
    names = {name: "built in" for name in _BUILT_IN}
    from adapters import ocaml_nx

    names["ocaml-nx"] = f"built in: the real Nx, {ocaml_nx.state()}"
    for release in ocaml_nx.releases():
        state = ocaml_nx.state(release)
        names[_OCAML_NX_AT + release] = f"built in: the real Nx {release}, {state}"
    for point in entry_points(group=ENTRY_POINT_GROUP):
        names.setdefault(point.name, f"entry point {point.value}")
    return names


def load_adapter(name: str, *, timeout: float | None = None) -> Adapter:
    """The adapter called `name`, ready to run cases (`timeout`: seconds a `cmd:` program
    may take to answer one request)."""
    if name.startswith("cmd:"):
        from adapters.protocol import DEFAULT_TIMEOUT, ProtocolAdapter

        return ProtocolAdapter(name[len("cmd:") :], timeout=timeout or DEFAULT_TIMEOUT)
    if name == "ocaml-nx" or name.startswith(_OCAML_NX_AT):
        from adapters import ocaml_nx

        release = name[len(_OCAML_NX_AT) :] if name.startswith(_OCAML_NX_AT) else None
        return ocaml_nx.adapter(release, timeout=timeout)
    if name in _BUILT_IN:
        return _load_target(_BUILT_IN[name])()
    if ":" in name:
        # As `python -m` does: modules of the working directory can be named.
        if os.getcwd() not in sys.path:
            sys.path.insert(0, os.getcwd())
        try:
            return _load_target(name)()
        except (ImportError, AttributeError) as error:
            raise UnknownAdapter(f"cannot load adapter {name!r}: {error}") from None
    for point in entry_points(group=ENTRY_POINT_GROUP):
        if point.name == name:
            return point.load()()
    near = difflib.get_close_matches(name, available(), n=3, cutoff=0.5)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    raise UnknownAdapter(
        f"no adapter named {name!r}{hint}; available: {', '.join(sorted(available()))}"
    )
