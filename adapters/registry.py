"""The implementations the suite can run: one object per package under `adapters/`.

Every package directly under `adapters/` that defines `IMPLEMENTATION` (an
`adapters.base.Implementation`) is one implementation: `reference`, `numpy`,
`ocaml-genarray`, `ocaml-nx` (with its releases and backends, `ocaml-nx@1.0.0_alpha0+c`)
and `arraymancer`. `nx-conformance adapters`, `setup`, `compare-libraries` and the adapter
names of `--adapter` all come from here, so adding an implementation is adding one
package: its `__init__.py` defines `IMPLEMENTATION` (see ARCHITECTURE.md, "Adding an
implementation").

Packages are imported in name order, once; an implementation's heavy parts (a driver
build, NumPy tables) load only when it is asked for an adapter.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path

import adapters
from adapters.base import Implementation


@cache
def implementations() -> tuple[Implementation, ...]:
    """Every implementation of the packages under `adapters/`, by name."""
    found = []
    for module in pkgutil.iter_modules(adapters.__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"adapters.{module.name}")
        implementation = getattr(package, "IMPLEMENTATION", None)
        if isinstance(implementation, Implementation):
            found.append(implementation)
    return tuple(sorted(found, key=lambda i: i.name))


def owner(adapter_name: str) -> Implementation | None:
    """The implementation that answers to `adapter_name` (`ocaml-nx@1.0.0_alpha3`)."""
    return next((i for i in implementations() if i.owns(adapter_name)), None)


def by_name(name: str) -> Implementation:
    """The implementation called `name` (`arraymancer`); KeyError if none is."""
    for implementation in implementations():
        if implementation.name == name:
            return implementation
    raise KeyError(name)


def built_from_sources() -> dict[str, Implementation]:
    """The implementations `setup NAME --sources DIR` builds."""
    return {i.name: i for i in implementations() if i.builds is not None}


def with_counterparts() -> dict[str, Path]:
    """The libraries whose procs have an Nx counterpart table (`compare-libraries NAME`)."""
    return {i.name: i.counterparts for i in implementations() if i.counterparts is not None}
