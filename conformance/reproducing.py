"""What every standalone reproducer shares, whatever the language it is written in.

`conformance/reproducers.py` writes OCaml programs for `nx` cases and
`conformance/reproducers_nim.py` Nim programs for `arraymancer` cases; both

- return a `Reproducer`: the files of the program's directory, which `write(directory)`
  writes, and the expected line the program prints first;
- refuse (`NotReproducible`) a case whose arguments need the implementation or the runner
  (`live_kind`: a `call`, a `ref`, a `handle`, and what the language adds) or which checks
  follow-up calls instead of one outcome (`why_not`);
- quote strings the same way (`string_literal`), but for how a control character is
  escaped (`\\001` in OCaml, `\\x01` in Nim);
- compile the program in its directory as its `Build` says and run it (`run`), raising
  `ReproducerFailed` with the compiler's log or the program's stderr.

This module reads the cases only; it never computes an expectation.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adapters import values as v
from conformance.cases import Case, Expectation


class NotReproducible(ValueError):
    """The case cannot be written as a standalone program (the message says why)."""


class ReproducerFailed(RuntimeError):
    """The program did not compile or did not run to its end (the message has the log)."""


@dataclass(frozen=True)
class Build:
    """How a program's directory is compiled, and what that makes."""

    command: Callable[[Path], Sequence[str]]  # given the directory
    executable: str  # the program it makes, relative to the directory
    against: str  # the library compiled against, for a failure: "Nx 1.0.0~alpha1"
    temporary: str  # the prefix of the temporary directory, when `run` is given none
    env: Mapping[str, str] | None = None  # None: this process's
    scratch: str | None = None  # a subdirectory of the compiler's, removed once it has run


@dataclass(frozen=True)
class Reproducer(ABC):
    """A standalone program: the files of its directory, as (name, text), main file first;
    each language says how it is compiled (`build`)."""

    case_id: str
    release: str
    files: tuple[tuple[str, str], ...]
    expected: str  # the line the program prints first, "expected (documentation: ...): ..."

    def file(self, name: str) -> str:
        return dict(self.files)[name]

    def write(self, directory: Path) -> Path:
        """Write the files into `directory`."""
        directory.mkdir(parents=True, exist_ok=True)
        for name, text in self.files:
            (directory / name).write_text(text, encoding="utf-8")
        return directory

    @abstractmethod
    def build(self, release: str | None) -> Build:
        """How the program is compiled against `release` (None: the program's)."""


# --- Which cases ---------------------------------------------------------------------------


def live_kind(value: Any, language_kind: Callable[[Any], str | None]) -> str | None:
    """The first argument form in `value` that needs the implementation or the runner: a
    `call`, a `ref`, a `handle`, or what `language_kind` says the language cannot write."""
    for x in v.walk(value):
        if isinstance(x, v.Call):
            return f"an argument built by calling {x.op} (a `call`)"
        if isinstance(x, v.Ref):
            return f"an argument that is another live value ({x.name}, a `ref`)"
        if isinstance(x, v.Handle):
            return "an argument that is a kept value of the implementation (a `handle`)"
        kind = language_kind(x)
        if kind:
            return kind
    return None


def why_not(case: Case, language_kind: Callable[[Any], str | None]) -> str | None:
    """Why `case` needs more than one call on written values (an argument `live_kind`
    names, or properties checked by follow-up calls), or None."""
    for value in (*case.args, *case.kwargs.values()):
        live = live_kind(value, language_kind)
        if live:
            return f"{case.id} has {live}"
    if case.expectation is Expectation.PROPERTIES or case.properties:
        return f"{case.id} checks properties by follow-up calls (pipelines), not one outcome"
    return None


# --- Literals ------------------------------------------------------------------------------


def string_literal(s: str, control: str) -> str:
    """`s` as a double-quoted literal: `"` and `\\` escaped, a newline `\\n`, any other
    control character by the format `control` of its code (`"\\\\{:03d}"` for `\\001`)."""
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif c == "\n":
            out.append("\\n")
        elif ord(c) < 32:
            out.append(control.format(ord(c)))
        else:
            out.append(c)
    return '"' + "".join(out) + '"'


# --- Compile and run -----------------------------------------------------------------------


def run(
    program: Reproducer,
    release: str | None = None,
    *,
    directory: Path | None = None,
    timeout: float = 300.0,
) -> str:
    """Compile `program` as its `build(release)` says and return what it printed on stdout.
    `directory` keeps the program and what was built (else a temporary one is removed).
    Raises `ReproducerFailed` with the compiler's log or the program's stderr."""
    build = program.build(release)
    with tempfile.TemporaryDirectory(prefix=build.temporary) as temporary:
        where = program.write(directory or Path(temporary))
        try:
            built = subprocess.run(
                build.command(where),
                cwd=where,
                env=build.env,
                capture_output=True,
                text=True,
                timeout=timeout,
                check=False,
            )
        finally:
            if build.scratch:
                shutil.rmtree(where / build.scratch, ignore_errors=True)
        if built.returncode != 0:
            raise ReproducerFailed(
                f"{program.case_id}: the reproducer does not compile against {build.against}:\n"
                f"{(built.stdout + built.stderr).strip()[-4000:]}"
            )
        ran = subprocess.run(
            [str(where / build.executable)],
            cwd=where,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if ran.returncode != 0 and not ran.stdout:
            raise ReproducerFailed(
                f"{program.case_id}: the reproducer exited with status {ran.returncode}:\n"
                f"{ran.stderr.strip()[-4000:]}"
            )
        return ran.stdout + (
            f"(exited with status {ran.returncode}: {ran.stderr.strip()[-400:]})\n"
            if ran.returncode
            else ""
        )
