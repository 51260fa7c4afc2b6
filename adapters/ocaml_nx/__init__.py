"""`ocaml-nx`: the real Nx, through an OCaml driver that speaks the wire protocol.

`src/` is an OCaml program (`adapters/protocol.md`, with handles) that answers every
request by calling Nx itself: `src/common/` holds the protocol, the values and one module
of ops per documentation section; `src/<release>/` what differs between Nx releases (the
table of sections each release has, alpha2's bool masks, alpha3's dtype table, its own
version of each section whose functions it removed or retyped, ...), so that every release
answers the same `nx` cases and the runs show what changed between releases against the
one documentation (1.0.0_alpha1's). It is built on first use, against the chosen Nx
release, into `<cache>/ocaml-nx/drivers/<key>/driver.exe`, where `<key>` covers the
sources, the release and the toolchain; the source tree is never written to.

Where Nx comes from, in order:
1. `nx-conformance setup ocaml-nx --sources DIR [--versions ...]` built it from pinned
   archives (`toolchain.py`; its record says where each release is);
2. otherwise the user's own OCaml environment (opam): `dune` and `ocamlfind` on PATH with
   the `nx` library findable; its version is the one `ocamlfind` reports.

Adapter names: `ocaml-nx` is 1.0.0_alpha1, the release the `Nx` documentation describes
(or the environment's Nx without setup); `ocaml-nx@<release>` (`ocaml-nx@1.0.0_alpha3`,
the release the `Nx_core.View` and `Nx_core.Shape` documentation describes; it answers
the `nx` namespace too) picks another release built by setup.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from adapters.build import cache_root, clean_environment
from adapters.discovery import UnknownAdapter
from adapters.ocaml_nx import toolchain
from adapters.protocol import DEFAULT_TIMEOUT, ProtocolAdapter

_SRC = Path(__file__).resolve().parent / "src"
DEFAULT_RELEASE = "1.0.0_alpha1"

# The sources of each release's driver (globs under src/), in order: a file of a later
# entry replaces an earlier file of the same name. Each release is the one before it plus
# its own modules: alpha2's bool masks (release.ml), alpha3's dtype table, its sections
# whose functions it removed or retyped, its compat.ml, ...
RELEASE_SOURCES = {
    "1.0.0_alpha1": ("common/*", "alpha1/*"),
    "1.0.0_alpha2": ("common/*", "alpha1/*", "alpha2/*"),
    "1.0.0_alpha3": ("common/*", "alpha1/*", "alpha2/*", "alpha3/*"),
}

BUILD = ("dune", "build", "--profile", "release", "--root", ".", "./driver.exe")


class DriverUnavailable(UnknownAdapter):
    """No Nx to build the driver against, or the build failed (the message says why)."""


@dataclass(frozen=True)
class Target:
    """One Nx to build against: its release, the environment that finds it, and a key
    naming the toolchain (for the cache)."""

    release: str
    env: dict[str, str]
    toolchain: str


def _setup_target(release: str) -> Target | None:
    found = toolchain.installed()
    if found is None or release not in found.releases:
        return None
    env = clean_environment(found.bin)
    env["OCAMLPATH"] = str(found.releases[release] / "lib")
    return Target(release, env, f"{found.prefix}|{found.releases[release]}")


def _environment_target() -> Target | None:
    """The user's own Nx (opam), if dune and ocamlfind can find one."""
    if shutil.which("dune") is None or shutil.which("ocamlfind") is None:
        return None
    query = ["ocamlfind", "query", "-format", "%v|%d", "nx"]
    found = subprocess.run(query, capture_output=True, text=True, check=False)
    if found.returncode != 0:
        return None
    version, _, where = found.stdout.strip().partition("|")
    release = version.replace("~", "_")
    return Target(release, dict(os.environ), f"environment|{where}")


def target(release: str | None) -> Target:
    """What `ocaml-nx` (release None) or `ocaml-nx@release` builds against."""
    if release is None:
        chosen = _setup_target(DEFAULT_RELEASE) or _environment_target()
    else:
        chosen = _setup_target(release)
    if chosen is None:
        which = f"Nx {release}" if release else f"Nx ({DEFAULT_RELEASE} from setup, or opam's)"
        raise DriverUnavailable(
            f"the ocaml-nx adapter needs {which}: build it with "
            f"'nx-conformance setup ocaml-nx --sources DIR"
            + (f" --versions {release}'" if release else "'")
            + " (DIR: the pinned source archives), or install nx with opam"
        )
    if chosen.release not in RELEASE_SOURCES:
        raise DriverUnavailable(
            f"the driver has no table for Nx {chosen.release}; it knows "
            f"{', '.join(RELEASE_SOURCES)}"
        )
    return chosen


def _sources(release: str) -> list[Path]:
    files: dict[str, Path] = {}
    for pattern in RELEASE_SOURCES.get(release, ()):
        for path in sorted(_SRC.glob(pattern)):
            if path.is_file():
                files[path.name] = path
    return [files[name] for name in sorted(files)]


def _version_module(release: str) -> str:
    """`Version.nx` (as Nx writes it, 1.0.0~alpha1) and `Version.release` (1.0.0_alpha1)."""
    return f'let nx = "{release.replace("_", "~")}"\nlet release = "{release}"\n'


def driver_key(chosen: Target) -> str:
    digest = hashlib.sha256()
    for part in (chosen.release, chosen.toolchain, " ".join(BUILD)):
        digest.update(part.encode() + b"\0")
    for path in _sources(chosen.release):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def driver_path(release: str | None = None) -> Path:
    """The built driver for this release, built now if it is not yet.

    The build runs in a fresh directory beside the final one and the executable is
    renamed into place, so concurrent first uses (test workers) never see half a file."""
    chosen = target(release)
    final = cache_root() / "ocaml-nx" / "drivers" / driver_key(chosen) / "driver.exe"
    if final.is_file():
        return final
    final.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=final.parent, prefix="build-") as build:
        for path in _sources(chosen.release):
            shutil.copyfile(path, Path(build) / path.name)
        (Path(build) / "version.ml").write_text(_version_module(chosen.release))
        done = subprocess.run(
            BUILD, cwd=build, env=chosen.env, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise DriverUnavailable(
                f"building the Nx {chosen.release} driver failed ({' '.join(BUILD)}):\n"
                f"{(done.stdout + done.stderr).strip()[-4000:]}"
            )
        os.replace(Path(build) / "_build" / "default" / "driver.exe", final)
    return final


def state(release: str | None = None) -> str:
    """`built`, `buildable` (an Nx is there, the driver not yet) or `missing (why)`."""
    try:
        chosen = target(release)
    except DriverUnavailable as error:
        return f"missing ({error})"
    final = cache_root() / "ocaml-nx" / "drivers" / driver_key(chosen) / "driver.exe"
    return "built" if final.is_file() else "buildable"


def releases() -> list[str]:
    """The releases built by setup (each is an adapter `ocaml-nx@<release>`)."""
    found = toolchain.installed()
    return sorted(found.releases) if found else []


def adapter(release: str | None = None, *, timeout: float | None = None) -> ProtocolAdapter:
    """The adapter `ocaml-nx` (release None) or `ocaml-nx@<release>`.

    Every case runs in a fresh driver process (about 5 ms each): some calls corrupt Nx's
    heap (1.0.0~alpha1's `solve` then crashes or answers differently on a later, unrelated
    case, depending on what ran before), and a gate needs each outcome to depend on its
    case only."""
    return ProtocolAdapter(
        shlex.quote(str(driver_path(release))), timeout=timeout or DEFAULT_TIMEOUT, isolate=True
    )


def OCamlNxAdapter() -> ProtocolAdapter:
    """The adapter registered as `ocaml-nx`."""
    return adapter()
