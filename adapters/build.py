"""Building real implementations from pinned source archives into the user cache.

`nx-conformance setup NAME --sources DIR` builds an implementation under test (the real
Nx, Arraymancer's driver) from archives in DIR, never from the network:

- the archives are checked against DIR's `SHA256SUMS` (`sha256sum` format) before
  anything is unpacked;
- what is built lives under `cache_root()` (`$XDG_CACHE_HOME/nx-conformance`, or
  `~/.cache/nx-conformance`), in a directory whose name is a key over the archives'
  hashes, the build recipe and the CPU (Nx compiles with `-march=native`), so that a
  second `setup` finds it and returns at once;
- every step prints one progress line and writes its output to a log; a failed step
  prints the log's tail and the build directory is removed, so nothing half-built is
  ever mistaken for a finished build: a finished one carries a `BUILT` marker, written
  last, and a directory without it is removed and rebuilt.

A build may have to live at its final path (an OCaml prefix is not relocatable), so it is
built in place under an exclusive lock (`fcntl.flock` on `<dir>.lock`): two first uses
at once (test workers) build once.

A driver (the program an adapter runs) is one `Executable`: the files of its build, the
command, the environment and what else names its toolchain. `cached_executable` builds it
once into `<cache>/<family>/<key>/<product name>`, where `<key>` covers all of these, in a
fresh directory beside the final one, and renames the product into place: concurrent
first uses never see half a file, and the source tree is never written to. Every built
driver (ocaml-genarray's, ocaml-nx's, Arraymancer's) goes through it.

`SetupRecord` is the JSON file in which a `setup` says what it built and where, so that
adapters find it later without the archives.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

MARKER = "BUILT"
LOG_TAIL_LINES = 40


class SetupError(Exception):
    """Building from sources cannot go on; the message says why and what to do."""


class SourcesError(SetupError):
    """The source directory lacks an archive, or an archive does not match its checksum."""


class BuildFailed(SetupError):
    """A build step failed; the message names the step and ends with its log's tail."""


def cache_root() -> Path:
    """`$XDG_CACHE_HOME/nx-conformance` (`~/.cache` when the variable is unset)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "nx-conformance"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verified_archives(sources: Path, names: list[str]) -> dict[str, str]:
    """The sha256 of each named archive in `sources`, checked against `SHA256SUMS`."""
    sums_file = sources / "SHA256SUMS"
    if not sums_file.is_file():
        raise SourcesError(f"{sources}: no SHA256SUMS file listing the archives' checksums")
    listed = {}
    for line in sums_file.read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2:
            listed[parts[1].lstrip("*")] = parts[0].lower()
    hashes = {}
    for name in names:
        archive = sources / name
        if not archive.is_file():
            raise SourcesError(f"{sources}: the archive {name} is missing")
        if name not in listed:
            raise SourcesError(f"{sources}: SHA256SUMS has no line for {name}")
        actual = sha256_of(archive)
        if actual != listed[name]:
            raise SourcesError(
                f"{archive}: checksum mismatch (SHA256SUMS says {listed[name][:16]}..., "
                f"the file hashes to {actual[:16]}...)"
            )
        hashes[name] = actual
    return hashes


def cpu_identity() -> str:
    """The machine and CPU model: code built with `-march=native` runs only on its CPU."""
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("model name", "flags", "Features")):
                model += line.split(":", 1)[1].strip() + "\n"
                if line.startswith(("flags", "Features")):
                    break
    return f"{platform.machine()}\n{model}"


def key_of(*parts: str) -> str:
    """A short stable key over the given parts (archive hashes, recipe, CPU)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:16]


def is_built(directory: Path) -> bool:
    return (directory / MARKER).is_file()


def built_metadata(directory: Path) -> dict:
    try:
        return json.loads((directory / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


@contextlib.contextmanager
def locked(directory: Path) -> Iterator[None]:
    """Hold the exclusive build lock of `directory` (a sibling `.lock` file)."""
    directory.parent.mkdir(parents=True, exist_ok=True)
    with open(directory.parent / f"{directory.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@dataclass
class Step:
    """One build step: a title for the progress line, and a command with its directory.

    `run` replaces the command for steps that are Python (unpacking an archive)."""

    title: str
    command: list[str] | None = None
    cwd: Path | None = None
    run: Callable[[], None] | None = None


class Builder:
    """Runs steps in order with one progress line each, logging into `logs`."""

    def __init__(
        self, logs: Path, env: Mapping[str, str], out: Callable[[str], None] | None = None
    ) -> None:
        self.logs = logs
        self.env = dict(env)
        self.out = out or (lambda line: print(line, file=sys.stderr, flush=True))
        self.logs.mkdir(parents=True, exist_ok=True)

    def run(self, steps: list[Step]) -> None:
        for number, step in enumerate(steps, 1):
            started = time.monotonic()
            self.out(f"[{number}/{len(steps)}] {step.title} ...")
            log = self.logs / f"{number:02d}-{_slug(step.title)}.log"
            if step.run is not None:
                try:
                    step.run()
                except (OSError, ValueError) as error:
                    log.write_text(f"{error}\n", encoding="utf-8")
                    raise BuildFailed(f"step '{step.title}' failed: {error}") from None
            else:
                assert step.command is not None
                with log.open("w", encoding="utf-8") as stream:
                    stream.write(f"$ {' '.join(step.command)}   (in {step.cwd})\n")
                    stream.flush()
                    done = subprocess.run(
                        step.command,
                        cwd=step.cwd,
                        env=self.env,
                        stdout=stream,
                        stderr=subprocess.STDOUT,
                        check=False,
                    )
                if done.returncode != 0:
                    raise BuildFailed(
                        f"step '{step.title}' failed (exit {done.returncode}); "
                        f"the last lines of {log}:\n{tail(log)}"
                    )
            took = time.monotonic() - started
            self.out(f"[{number}/{len(steps)}] {step.title}: done in {took:.0f} s")


def unpack_step(archive: Path, into: Path) -> Step:
    """A step unpacking `archive`, whose members share one top directory, as `into`."""

    def run() -> None:
        scratch = into.with_name(into.name + ".unpacking")
        scratch.mkdir(parents=True)
        with tarfile.open(archive) as tar:
            tar.extractall(scratch, filter="tar")
        (top,) = list(scratch.iterdir())
        top.rename(into)
        scratch.rmdir()

    return Step(f"unpack {archive.name}", run=run)


def tail(log: Path, lines: int = LOG_TAIL_LINES) -> str:
    try:
        text = log.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def build_in_place(directory: Path, build: Callable[[Path], None], metadata: dict) -> bool:
    """Build `directory` unless it is built already; True when this call built it.

    Under the lock: a directory without its marker is a leftover of a failed or
    interrupted build and is removed first; when `build` raises, what it made is
    removed too; the marker (with `metadata`) is written last."""
    with locked(directory):
        if is_built(directory):
            return False
        if directory.exists():
            shutil.rmtree(directory)
        directory.mkdir(parents=True)
        try:
            build(directory)
        except BaseException:
            shutil.rmtree(directory, ignore_errors=True)
            raise
        (directory / MARKER).write_text(json.dumps(metadata, indent=2) + "\n", encoding="utf-8")
        return True


def clean_environment(prefix_bin: Path) -> dict[str, str]:
    """The environment for a from-source build: the new prefix's bin first on PATH, and
    none of the variables through which an existing OCaml installation leaks in."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key
        not in (
            "OCAMLPATH",
            "OCAMLFIND_CONF",
            "OCAMLLIB",
            "CAML_LD_LIBRARY_PATH",
            "OPAM_SWITCH_PREFIX",
            "OCAMLPARAM",
            "OCAMLRUNPARAM",
        )
    }
    env["PATH"] = f"{prefix_bin}{os.pathsep}{env.get('PATH', '')}"
    env["DUNE_CACHE"] = "disabled"
    return env


def _slug(title: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in title.lower()).strip("-")[:40]


@dataclass(frozen=True)
class Executable:
    """A program built from a few files by one command.

    `files` maps a path inside the build directory to a source file or to generated text;
    `command` runs there under `env` (None: this process's environment) and leaves
    `product` (a path inside the build directory); `toolchain` names what else the result
    depends on (compiler versions, the Nx it links); `family` is the cache directory
    (`ocaml-nx/drivers`)."""

    family: str
    files: Mapping[str, Path | str]
    command: tuple[str, ...]
    product: str
    toolchain: tuple[str, ...] = ()
    env: Mapping[str, str] | None = None

    def key(self) -> str:
        """A key over everything the product depends on."""
        digest = hashlib.sha256()
        for part in (*self.toolchain, " ".join(self.command), self.product):
            digest.update(part.encode() + b"\0")
        for name, source in sorted(self.files.items()):
            content = source.read_bytes() if isinstance(source, Path) else source.encode()
            digest.update(name.encode() + b"\0" + content + b"\0")
        return digest.hexdigest()[:16]

    def path(self) -> Path:
        """Where the built product lives (whether it is built yet or not)."""
        return cache_root() / self.family / self.key() / Path(self.product).name


def cached_executable(executable: Executable, describe: str) -> Path:
    """The built product of `executable`, built now unless it is already; `BuildFailed`
    naming `describe` (`the Nx 1.0.0_alpha1 driver`) and the command's last output."""
    final = executable.path()
    if final.is_file():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=final.parent, prefix="build-") as scratch:
        build = Path(scratch)
        for name, source in executable.files.items():
            (build / name).parent.mkdir(parents=True, exist_ok=True)
            if isinstance(source, Path):
                shutil.copyfile(source, build / name)
            else:
                (build / name).write_text(source, encoding="utf-8")
        done = subprocess.run(
            executable.command,
            cwd=build,
            env=None if executable.env is None else dict(executable.env),
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            output = (done.stdout + done.stderr).strip()[-4000:]
            raise BuildFailed(
                f"building {describe} failed ({' '.join(executable.command)}):\n{output}"
            )
        os.replace(build / executable.product, final)
    return final


class SetupRecord:
    """The JSON record a `setup` leaves in the cache (`<cache>/<name>/setup.json`)."""

    def __init__(self, name: str) -> None:
        self.name = name

    @property
    def home(self) -> Path:
        """`<cache>/<name>`, read from the environment at each use."""
        return cache_root() / self.name

    @property
    def path(self) -> Path:
        return self.home / "setup.json"

    def read(self) -> dict:
        """The record, or {} when there is none (or it is unreadable)."""
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return record if isinstance(record, dict) else {}

    def write(self, record: dict) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")

    @contextlib.contextmanager
    def scratch(
        self, env: Mapping[str, str], out: Callable[[str], None]
    ) -> Iterator[tuple[Builder, Path]]:
        """A `Builder` logging into a scratch directory of this home, and the directory
        (for unpacked sources); removed afterwards."""
        self.home.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=self.home, prefix="work-") as work:
            yield Builder(Path(work) / "logs", env, out), Path(work)
