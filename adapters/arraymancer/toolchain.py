"""Arraymancer's driver, built from pinned source archives with the system's Nim.

`nx-conformance setup arraymancer --sources DIR` builds, from the archives in DIR
(checked against DIR/SHA256SUMS; nothing is fetched):

    arraymancer-195c75d4-src-only.tar.gz + nimblas-0.3.1.tar.gz   (unpacked once)
    -> nim c -d:release --opt:none --path:<arraymancer>/src --path:<nimblas> driver.nim

- the sources are unpacked into `<cache>/arraymancer/sources-<key>/` (`<key>` covers the
  two archives' hashes), and `<cache>/arraymancer/setup.json` records where, so that the
  adapter can rebuild its driver on first use without the archives (after the driver's
  source changed, or with another Nim);
- the driver is built into `<cache>/arraymancer/driver-<key>/driver`, `<key>` covering the
  archives' hashes, `driver.nim`, the Nim version and this recipe; a second `setup`
  finds it and returns at once.

`-d:release` keeps Nim's bound checks and assertions, through which Arraymancer checks
shapes; `-d:danger` would remove them (and make a wrong call read out of bounds): never
use it. `--opt:none` leaves the generated C unoptimised: the driver's speed is not what
the suite measures, and it quarters the build (about 20 s of CPU instead of 77 s).

Needs Nim (Debian's 1.6.10 works), gcc and the C library headers: on Debian,
`apt-get install --no-install-recommends nim gcc libc6-dev`. No BLAS is needed to run the
shapeshifting procs.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from adapters.build import (
    Builder,
    BuildFailed,
    Step,
    build_in_place,
    cache_root,
    is_built,
    key_of,
    unpack_step,
    verified_archives,
)

# Bump when the steps below change: a driver built by another recipe has another key.
RECIPE = "arraymancer driver recipe 1"
COMMIT = "195c75d4"
NIM_FLAGS = ("-d:release", "--opt:none", "--hints:off", f"-d:arraymancerVersion={COMMIT}")
ARCHIVES = {
    "arraymancer": f"arraymancer-{COMMIT}-src-only.tar.gz",
    "nimblas": "nimblas-0.3.1.tar.gz",
}
# Where the adapter takes the source archives from when it builds on first use.
SOURCES_VARIABLE = "NX_CONFORMANCE_ARRAYMANCER_SOURCES"
INSTALL_HINT = "apt-get install --no-install-recommends nim gcc libc6-dev"
DRIVER_SOURCE = Path(__file__).resolve().parent / "driver.nim"


class NotSetUp(Exception):
    """Neither a finished `setup` nor the sources variable: nothing to build from."""


def home() -> Path:
    return cache_root() / "arraymancer"


def setup_record() -> Path:
    return home() / "setup.json"


def nim_version() -> str:
    """The first line of `nim --version`; BuildFailed saying what to install without it."""
    nim = shutil.which("nim")
    if nim is None:
        raise BuildFailed(
            f"Arraymancer's driver is built with Nim, which is not installed: {INSTALL_HINT}"
        )
    done = subprocess.run([nim, "--version"], capture_output=True, text=True, check=False)
    return (done.stdout.splitlines() or ["nim"])[0].strip()


@dataclass(frozen=True)
class Unpacked:
    """Sources unpacked by a finished setup: the directory and the archives' hashes."""

    directory: Path
    archives: dict[str, str]

    @property
    def arraymancer_src(self) -> Path:
        return self.directory / "arraymancer" / "src"

    @property
    def nimblas(self) -> Path:
        return self.directory / "nimblas"


def installed() -> Unpacked | None:
    """The sources of the last successful setup, if they are still complete."""
    try:
        record = json.loads(setup_record().read_text(encoding="utf-8"))
        unpacked = Unpacked(Path(record["sources"]), dict(record["archives"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return unpacked if is_built(unpacked.directory) else None


def driver_directory(unpacked: Unpacked, nim: str) -> Path:
    source = hashlib.sha256(DRIVER_SOURCE.read_bytes()).hexdigest()
    key = key_of(RECIPE, *NIM_FLAGS, nim, source, *sorted(unpacked.archives.values()))
    return home() / f"driver-{key}"


def setup(sources: Path, *, out: Callable[[str], None] | None = None) -> Path:
    """Verify and unpack the archives of `sources`, then build (or find) the driver."""
    nim = nim_version()
    hashes = verified_archives(sources, list(ARCHIVES.values()))
    say = out or (lambda line: print(line, flush=True))
    directory = home() / f"sources-{key_of(*sorted(hashes.values()))}"
    with tempfile.TemporaryDirectory(dir=_mkdir(home()), prefix="work-") as scratch:
        builder = Builder(Path(scratch) / "logs", os.environ, say)

        def unpack(d: Path) -> None:
            builder.run([unpack_step(sources / ARCHIVES[name], d / name) for name in ARCHIVES])

        if build_in_place(directory, unpack, {"archives": hashes}):
            say(f"sources unpacked in {directory}")
    unpacked = Unpacked(directory, hashes)
    record = {"sources": str(directory), "archives": hashes}
    setup_record().write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    if is_built(driver_directory(unpacked, nim)):
        say(f"Arraymancer driver: already built ({driver_directory(unpacked, nim)})")
    return build_driver(unpacked, nim, say)


def build_driver(unpacked: Unpacked, nim: str, say: Callable[[str], None]) -> Path:
    """The driver for these sources and this Nim, compiled now unless it is already."""
    target = driver_directory(unpacked, nim)
    with tempfile.TemporaryDirectory(dir=_mkdir(home()), prefix="work-") as scratch:
        builder = Builder(Path(scratch) / "logs", os.environ, say)

        def build(directory: Path) -> None:
            shutil.copyfile(DRIVER_SOURCE, directory / "driver.nim")
            compile_step = Step("Nim: compile the driver", _compile(unpacked, directory), directory)
            builder.run([compile_step])
            shutil.rmtree(directory / "nimcache")  # 10+ MB of generated C, not needed again

        metadata = {"recipe": RECIPE, "nim": nim, "archives": unpacked.archives}
        if build_in_place(target, build, metadata):
            say(f"Arraymancer driver built in {target}")
    return target / "driver"


def driver_path(out: Callable[[str], None] | None = None) -> Path:
    """The built driver: from the recorded setup, else from the archives in the directory
    named by NX_CONFORMANCE_ARRAYMANCER_SOURCES (built now if need be), else NotSetUp."""
    nim = nim_version()
    unpacked = installed()
    say = out or (lambda line: print(line, flush=True))
    if unpacked is not None:
        return build_driver(unpacked, nim, say)
    sources = os.environ.get(SOURCES_VARIABLE)
    if sources:
        return setup(Path(sources), out=say)
    raise NotSetUp(
        f"Arraymancer's driver is not built: run `nx-conformance setup arraymancer --sources "
        f"DIR` (DIR holds {' and '.join(ARCHIVES.values())} with their SHA256SUMS), or set "
        f"{SOURCES_VARIABLE}=DIR to build it on first use"
    )


def state() -> str:
    """`built`, `buildable` (Nim and the sources are there) or `missing (why)`."""
    try:
        nim = nim_version()
    except BuildFailed as error:
        return f"missing ({error})"
    unpacked = installed()
    if unpacked is not None and is_built(driver_directory(unpacked, nim)):
        return "built"
    if unpacked is not None or os.environ.get(SOURCES_VARIABLE):
        return "buildable"
    return (
        f"missing (not set up: run `nx-conformance setup arraymancer --sources DIR`, or set "
        f"{SOURCES_VARIABLE}=DIR)"
    )


def _compile(unpacked: Unpacked, directory: Path) -> list[str]:
    return [
        "nim", "c", *NIM_FLAGS,
        f"--path:{unpacked.arraymancer_src}", f"--path:{unpacked.nimblas}",
        f"--nimcache:{directory / 'nimcache'}", f"-o:{directory / 'driver'}", "driver.nim",
    ]  # fmt: skip


def _mkdir(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path
