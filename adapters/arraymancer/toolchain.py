"""Arraymancer's driver, built from pinned source archives with the system's Nim.

`nx-conformance setup arraymancer --sources DIR` builds, from the archives in DIR
(checked against DIR/SHA256SUMS; nothing is fetched):

    arraymancer-195c75d4-src-only.tar.gz + nimblas-0.3.1.tar.gz   (unpacked once)
    -> nim c -d:release --opt:none --path:<arraymancer>/src --path:<nimblas> driver.nim

- the sources are unpacked into `<cache>/arraymancer/sources-<key>/` (`<key>` covers the
  two archives' hashes), and `<cache>/arraymancer/setup.json` records where, so that the
  adapter can rebuild its driver on first use without the archives (after the driver's
  source changed, or with another Nim);
- the driver is built into `<cache>/arraymancer/drivers/<key>/driver`
  (`adapters/build.py`, `cached_executable`), `<key>` covering `driver.nim`, the command
  (the unpacked sources' paths), the Nim version, the archives' hashes and this recipe;
  a second `setup` finds it and returns at once.

`-d:release` keeps Nim's bound checks and assertions, through which Arraymancer checks
shapes; `-d:danger` would remove them (and make a wrong call read out of bounds): never
use it. `--opt:none` leaves the generated C unoptimised: the driver's speed is not what
the suite measures, and it quarters the build (about 20 s of CPU instead of 77 s).

Needs Nim (Debian's 1.6.10 works), gcc and the C library headers: on Debian,
`apt-get install --no-install-recommends nim gcc libc6-dev`. No BLAS is needed to run the
shapeshifting procs.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from adapters.build import (
    BuildFailed,
    Executable,
    SetupError,
    SetupRecord,
    build_in_place,
    cached_executable,
    is_built,
    key_of,
    unpack_step,
    verified_archives,
)

# Bump when the steps below change: a driver built by another recipe has another key.
RECIPE = "arraymancer driver recipe 2"
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
RECORD = SetupRecord("arraymancer")


class NotSetUp(SetupError):
    """Neither a finished `setup` nor the sources variable: nothing to build from."""


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

    def nim_paths(self) -> tuple[str, str]:
        """The options by which Nim finds Arraymancer's and nimblas' modules."""
        return (
            f"--path:{self.directory / 'arraymancer' / 'src'}",
            f"--path:{self.directory / 'nimblas'}",
        )


def installed() -> Unpacked | None:
    """The sources of the last successful setup, if they are still complete."""
    record = RECORD.read()
    try:
        unpacked = Unpacked(Path(record["sources"]), dict(record["archives"]))
    except (KeyError, TypeError, ValueError):
        return None
    return unpacked if is_built(unpacked.directory) else None


def driver(unpacked: Unpacked, nim: str) -> Executable:
    """The driver's build over these sources with this Nim."""
    compile_driver = (
        "nim", "c", *NIM_FLAGS,
        *unpacked.nim_paths(),
        "--nimcache:nimcache", "-o:driver", "driver.nim",
    )  # fmt: skip
    toolchain = (RECIPE, nim, *sorted(unpacked.archives.values()))
    return Executable(
        "arraymancer/drivers", {"driver.nim": DRIVER_SOURCE}, compile_driver, "driver", toolchain
    )


def setup(sources: Path, *, out: Callable[[str], None] | None = None) -> Path:
    """Verify and unpack the archives of `sources`, then build (or find) the driver."""
    nim = nim_version()
    hashes = verified_archives(sources, list(ARCHIVES.values()))
    say = out or (lambda line: print(line, flush=True))
    directory = RECORD.home / f"sources-{key_of(*sorted(hashes.values()))}"
    with RECORD.scratch(os.environ, say) as (builder, _):

        def unpack(d: Path) -> None:
            builder.run([unpack_step(sources / ARCHIVES[name], d / name) for name in ARCHIVES])

        if build_in_place(directory, unpack, {"archives": hashes}):
            say(f"sources unpacked in {directory}")
    RECORD.write({"sources": str(directory), "archives": hashes})
    return build_driver(Unpacked(directory, hashes), nim, say)


def build_driver(unpacked: Unpacked, nim: str, say: Callable[[str], None]) -> Path:
    """The driver for these sources and this Nim, compiled now unless it is already."""
    build = driver(unpacked, nim)
    if build.path().is_file():
        say(f"Arraymancer driver: already built ({build.path()})")
        return build.path()
    say("Nim: compile the driver ...")
    path = cached_executable(build, "Arraymancer's driver")
    say(f"Arraymancer driver built in {path.parent}")
    return path


def driver_path(out: Callable[[str], None] | None = None) -> Path:
    """The built driver: from the recorded setup, else from the archives in the directory
    named by NX_CONFORMANCE_ARRAYMANCER_SOURCES (built now if need be), else NotSetUp."""
    nim = nim_version()
    unpacked = installed()
    say = out or (lambda line: print(line, flush=True))
    if unpacked is not None:
        path = driver(unpacked, nim).path()
        return path if path.is_file() else build_driver(unpacked, nim, say)
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
    if unpacked is not None and driver(unpacked, nim).path().is_file():
        return "built"
    if unpacked is not None or os.environ.get(SOURCES_VARIABLE):
        return "buildable"
    return (
        f"missing (not set up: run `nx-conformance setup arraymancer --sources DIR`, or set "
        f"{SOURCES_VARIABLE}=DIR)"
    )
