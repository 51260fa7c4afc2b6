"""A cache of validated case files: loading the spec costs reading it, not validating it.

Reading a case file means parsing its YAML, validating it against the schema and decoding
every value (about a millisecond per case). What comes out, the file's cases and problems,
depends only on the file's bytes, the path it is shown as, and this program. So it is kept,
pickled, in the user cache, `$XDG_CACHE_HOME/nx-conformance/spec/<program>/<entry>.pickle`
(`~/.cache` when the variable is unset), where `<program>` is a key over the loader's code
and schema and `<entry>` a SHA-256 over the shown path and the file's bytes: a changed file,
or a changed program, is read and validated again; an unchanged one is loaded from its
entry. An entry that cannot be read back (truncated, corrupt, from another Python) is
ignored and written again. Entries are written to a temporary file and renamed, so that
concurrent runs and pytest-xdist workers share them safely. The directories of the last
`KEEP` programs are kept, older ones removed when a new one is made.

An entry starts with a small header, the ids of the file's cases and whether it has
problems, so that a `--select` can pass over a file none of whose cases it matches without
reading the rest (`header`).

`NX_CONFORMANCE_NO_CACHE=1` turns the cache off (everything is validated on every load).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import shutil
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from adapters.build import cache_root

FORMAT = 1  # of the entries; part of the program key
KEEP = 8  # program directories kept (each checkout and version of the code has its own)
_PACKAGES = ("conformance", "adapters", "spec")  # the code that reads case files


@dataclass(frozen=True)
class Header:
    """What a `--select` needs of a file: its case ids, and whether it has problems (a file
    with problems is always loaded, so that they are reported)."""

    ids: tuple[str, ...]
    has_problems: bool


def enabled() -> bool:
    return os.environ.get("NX_CONFORMANCE_NO_CACHE", "") in ("", "0")


@cache
def program_key() -> str:
    """A key over what decides how a file is read: the Python version, the entry format, the
    schema, the spec's vocabulary and labels, the documents citations are checked against,
    and the source files of the packages that read case files (their sizes and modification
    times: an edit makes a new key, and every file is validated again)."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256(f"{sys.version}|{FORMAT}|{pickle.HIGHEST_PROTOCOL}".encode())
    for data in ("schema.json", "vocabulary.yaml", "labels.yaml"):  # what validation reads
        digest.update((root / "spec" / data).read_bytes())
    for path in sorted((root / "spec" / "documents").iterdir()):  # citations are checked
        digest.update(path.name.encode() + path.read_bytes())
    for package in _PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            stat = path.stat()
            digest.update(f"{path.relative_to(root)}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:20]


def directory() -> Path:
    """Where this program's entries live (the cache root is read from the environment once
    per value of `XDG_CACHE_HOME`)."""
    return _directory(os.environ.get("XDG_CACHE_HOME"))


@cache
def _directory(_xdg_cache_home: str | None) -> Path:
    return cache_root() / "spec" / program_key()


def _entry(shown: str, content: bytes) -> Path:
    digest = hashlib.sha256(shown.encode("utf-8") + b"\0" + content).hexdigest()
    return directory() / f"{digest[:40]}.pickle"


def _new_directory(target: Path) -> None:
    """Create this program's directory, and remove those of other programs (other versions,
    other checkouts) beyond the `KEEP` most recently created."""
    target.mkdir(parents=True, exist_ok=True)
    others = sorted(
        (d for d in target.parent.iterdir() if d.is_dir() and d != target),
        key=_modified,
        reverse=True,
    )
    for stale in others[KEEP - 1 :]:
        shutil.rmtree(stale, ignore_errors=True)


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def header(shown: str, content: bytes) -> Header | None:
    """The header of the file's entry, or None when there is none (or it is unreadable)."""
    if not enabled():
        return None
    try:
        with _entry(shown, content).open("rb") as stream:
            found = pickle.load(stream)
    except Exception:  # no entry, or a corrupt one: treated alike, as no entry
        return None
    return found if isinstance(found, Header) else None


def load(shown: str, content: bytes) -> tuple[list, list] | None:
    """The cases and problems kept for this file, or None."""
    if not enabled():
        return None
    try:
        with _entry(shown, content).open("rb") as stream:
            pickle.load(stream)  # the header
            cases, problems = pickle.load(stream)
    except Exception:  # no entry, or a corrupt one: read the file again
        return None
    if not isinstance(cases, list) or not isinstance(problems, list):
        return None
    return cases, problems


def store(shown: str, content: bytes, cases: list, problems: list) -> None:
    """Keep the cases and problems of a file (quietly not, when the cache is not writable)."""
    if not enabled():
        return
    target = _entry(shown, content)
    head = Header(tuple(case.id for case in cases), bool(problems))
    temporary = None
    try:
        if not target.parent.is_dir():
            _new_directory(target.parent)
        with tempfile.NamedTemporaryFile(dir=target.parent, suffix=".tmp", delete=False) as out:
            temporary = out.name
            pickle.dump(head, out, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.dump((cases, problems), out, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, target)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
