"""The adapter interface: how the runner talks to an implementation under test.

An adapter has a `name`, a `version`, the `namespaces` and `dtypes` it supports, and
one operation: `call(Request) -> Reply`. A request is one documented function applied
to tagged values (`adapters.values`), which may contain `Call`s (arguments the
implementation builds itself), `Ref`s to the current case's arguments and `Handle`s
of live values it kept. The reply is a result value, a documented error, "unsupported",
or a crash. This is the wire protocol (`adapters/protocol.md`) as a Python interface, so
in-process adapters and foreign programs are driven the same way.

`end_case()` releases the live values of a case; `close()` ends the adapter.

An `Implementation` is what the registry (`adapters/registry.py`) knows of one
implementation the suite can run: the adapter names it answers to and their state, how to
load one, and, for the real ones, how to build it from sources (`setup`) and which other
library's procs it maps to Nx (`counterparts`). Each lives in its own package under
`adapters/` as that package's `IMPLEMENTATION`.

A name that cannot give an adapter raises `AdapterError` (`UnknownAdapter`: no such name;
`Unavailable`: known, but it cannot run here, and the message says what to do).
"""

from __future__ import annotations

import argparse
import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adapters.values import FrozenDict
from spec.vocabulary import DTYPE_NAMES, NAMESPACES


class AdapterError(Exception):
    """The implementation named cannot run cases; the message says why, in one line."""


class UnknownAdapter(AdapterError, LookupError):
    """No adapter has this name."""


class Unavailable(UnknownAdapter):
    """A known implementation that cannot run here: not built and not buildable, or its
    build failed (the message says what to do)."""


class Status(enum.Enum):
    RESULT = "result"
    ERROR = "error"  # the implementation raised an exception of the given kind
    UNSUPPORTED = "unsupported"
    CRASH = "crash"  # anything else: an escaped Python exception, a dead process, a hang


class Fault(enum.Enum):
    """How a call that crashed went wrong."""

    EXCEPTION = "exception"  # an escaped exception; a program that could not start
    EXITED = "exited"  # the program died
    TIMEOUT = "timeout"  # no reply within the time limit (a hang)
    MALFORMED = "malformed"  # a reply that breaks the wire protocol


class Observe(enum.Enum):
    """What the runner may ask to see of a call besides its result."""

    ARGS_AFTER = "args_after"
    SAME_AS_ARG = "same_as_arg"
    ALIASES_ARG = "aliases_arg"
    STDOUT = "stdout"  # extension: what the call printed (for `print*` functions)


@dataclass(frozen=True)
class Request:
    namespace: str
    op: str
    args: tuple[Any, ...]
    kwargs: Mapping[str, Any] = field(default_factory=FrozenDict)
    observe: frozenset[Observe] = frozenset()
    keep: bool = False


@dataclass(frozen=True)
class Kept:
    """Handles of the live values a call kept: its arguments, its result, and the
    components of a tuple or list result."""

    args: tuple[Any, ...]
    result: Any
    components: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Reply:
    status: Status
    value: Any = None
    error: str | None = None
    message: str = ""
    args_after: tuple[Any, ...] | None = None
    same_as_arg: int | None = None
    aliases_arg: int | None = None
    aliases_components: tuple[int | None, ...] | None = None  # per part of a tuple/list result
    stdout: str | None = None
    kept: Kept | None = None
    fault: Fault | None = None  # for a crash: how it went wrong
    # The implementation answered, but not with a value of its type (an element out of
    # range for its dtype): a wrong answer, saying what and where.
    invalid: str | None = None

    @classmethod
    def unsupported(cls, why: str) -> Reply:
        return cls(Status.UNSUPPORTED, message=why)

    @classmethod
    def crash(cls, message: str, fault: Fault = Fault.EXCEPTION) -> Reply:
        return cls(Status.CRASH, message=message, fault=fault)


class Adapter(ABC):
    """An implementation under test."""

    name: str = "adapter"
    version: str = "0"
    namespaces: frozenset[str] = frozenset(NAMESPACES)
    dtypes: frozenset[str] = frozenset(DTYPE_NAMES)
    handles: bool = True
    # False for an implementation that copies where Nx returns views: checks of storage
    # sharing (`aliases`) do not apply to it, and are not made.
    views: bool = True

    @abstractmethod
    def call(self, request: Request) -> Reply:
        """Run one documented function; never raises for anything the implementation does."""

    def end_case(self) -> None:  # noqa: B027 - optional hook
        """Forget the live values kept for the current case."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the implementation (end a process, ...)."""

    def describe(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "version": self.version,
            "namespaces": sorted(self.namespaces),
            "dtypes": sorted(self.dtypes),
        }


class Implementation(ABC):
    """One implementation the suite can run, as the registry knows it.

    `name` is its adapter name (`ocaml-nx`), which may be followed by `@VARIANT` for its
    other releases or backends (`ocaml-nx@1.0.0_alpha0+c`); `summary` says what it is in a
    line. Only `load` is required: building from sources (`setup`), and a table of another
    library's procs with their Nx counterparts (`counterparts`), are for the real ones.
    """

    name: str
    summary: str
    # What `setup NAME --sources DIR` builds, in a line; None: not built from sources.
    builds: str | None = None
    # A table of this library's procs and their Nx counterparts (`compare-libraries NAME`).
    counterparts: Path | None = None

    def adapters(self) -> dict[str, str]:
        """The adapter names it answers to, each with its state (what `nx-conformance
        adapters` lists): `built`, `buildable`, `missing (why)` for what is built."""
        return {self.name: self.summary}

    def owns(self, adapter_name: str) -> bool:
        """Whether `adapter_name` is one of its adapters (`NAME` or `NAME@VARIANT`)."""
        return adapter_name == self.name or adapter_name.startswith(self.name + "@")

    @abstractmethod
    def load(self, adapter_name: str, *, timeout: float | None = None) -> Adapter:
        """The adapter `adapter_name`, ready to run cases (`timeout`: seconds one call may
        take, for a program); `Unavailable` saying why it cannot run here."""

    def add_setup_arguments(self, parser: argparse.ArgumentParser) -> None:  # noqa: B027
        """Add the options of `setup NAME` besides `--sources DIR`, which every setup has."""

    def setup(self, args: argparse.Namespace, out: Callable[[str], None]) -> None:
        """Build it from the archives in `args.sources`, printing progress with `out`;
        raises `SetupError` (adapters/build.py) when the sources or a step are wrong."""
        raise NotImplementedError(f"{self.name} is not built from sources")
