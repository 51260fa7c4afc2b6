"""The adapter interface: how the runner talks to an implementation under test.

An adapter has a `name`, a `version`, the `namespaces` and `dtypes` it supports, and
one operation: `call(Request) -> Reply`. A request is one documented function applied
to tagged values (`adapters.values`), which may contain `Call`s (arguments the
implementation builds itself), `Ref`s to the current case's arguments and `Handle`s
of live values it kept. The reply is a result value, a documented error, "unsupported",
or a crash. This is the wire protocol (`adapters/protocol.md`) as a Python interface, so
in-process adapters and foreign programs are driven the same way.

`end_case()` releases the live values of a case; `close()` ends the adapter.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adapters.values import FrozenDict
from reference.dtypes import NAMES as ALL_DTYPES
from reference.registry import NAMESPACES as ALL_NAMESPACES


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
    namespaces: frozenset[str] = frozenset(ALL_NAMESPACES)
    dtypes: frozenset[str] = frozenset(ALL_DTYPES)
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
