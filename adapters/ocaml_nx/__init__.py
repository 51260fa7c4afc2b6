"""`ocaml-nx`: the real Nx, through an OCaml driver that speaks the wire protocol.

`src/` is an OCaml program (`adapters/protocol.md`, with handles) that answers every
request by calling Nx itself: `src/common/` holds the protocol, the values and one module
of ops per documentation section; `src/<release>/` what a release supplies or changes (its
dtype table and Bigarray kinds, alpha2's bool masks, and for alpha0 and alpha3 a patch of
the documented tables: the entries removed and the ones retyped), so that every release
answers the same `nx` cases and the runs show what changed between releases against the
one documentation (1.0.0_alpha1's). It is built on first use, against the chosen Nx
release, into `<cache>/ocaml-nx/drivers/<key>/driver.exe` (`adapters/build.py`,
`cached_executable`), where `<key>` covers the sources, the release and the toolchain.

Where Nx comes from, in order:
1. `nx-conformance setup ocaml-nx --sources DIR [--versions ...]` built it from pinned
   archives (`toolchain.py`; its record says where each release is);
2. otherwise the user's own OCaml environment (opam): `dune` and `ocamlfind` on PATH with
   the `nx` library findable; its version is the one `ocamlfind` reports.

Adapter names: `ocaml-nx` is 1.0.0_alpha1, the release the `Nx` documentation describes
(or the environment's Nx without setup); `ocaml-nx@<release>` (`ocaml-nx@1.0.0_alpha3`,
the release the `Nx_core.View` and `Nx_core.Shape` documentation describes; it answers
the `nx` namespace too) picks another release built by setup.

Backends: `ocaml-nx@<release>+<name>` is the same driver over another backend of that
release's frontend: `Nx_core.Make_frontend (MODULE)` plus the release's default-context
wrappers (`src/frontends/<release>.ml`, what the release's own nx.ml adds) in place of the
release's `Nx`. `ocaml-nx@1.0.0_alpha0+c` is alpha0's C backend (`nx.c:Nx_c`, built in);
`setup ocaml-nx --versions R --backend LIBRARY:MODULE [--backend-source DIR]` records any
other (`ocaml-nx@R+MODULE`; DIR, a dune project holding LIBRARY, is built with the driver).

A driver over a backend, and every alpha0 driver, is built in two parts (`_dune_file`): a
library `nx_release` holding the release's Nx as released over the chosen backend
(`Nx_as_released`) and the `Nx` the common tables are compiled against (`Nx_open.Nx`:
the same, or for alpha0 `src/alpha0/nx_open.ml`, which names what alpha0 lacks), and the
driver itself, compiled with `-open Nx_open`, so that `Nx.add` in src/common/ is that `Nx`.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from adapters.base import Implementation, Unavailable
from adapters.build import BuildFailed, Executable, cached_executable, clean_environment
from adapters.ocaml_nx import toolchain
from adapters.protocol import DEFAULT_TIMEOUT, ProtocolAdapter

_SRC = Path(__file__).resolve().parent / "src"
DEFAULT_RELEASE = "1.0.0_alpha1"

# The sources of each release's driver (globs under src/), in order: a file of a later
# entry replaces an earlier file of the same name. src/common/ is every release's as it is
# (no release replaces a file of it): the core, one table per documentation section
# (documented.ml), the genarray codec (genarrays.ml), the patch mechanism (patch.ml) and
# the request loop (serve.ml); with it, the default-context wrappers every frontend shares.
# src/alpha1/ holds the modules each release supplies, as alpha1 has them (sections.ml,
# dtype_table.ml, genarray_kinds.ml, release.ml); a later release replaces those it
# changes: alpha2 its bool masks (release.ml), alpha0 and alpha3 their dtype tables,
# Bigarray kinds and sections.
RELEASE_SOURCES = {
    # alpha0 and alpha3 serve the documented tables patched (sections.ml: entries removed,
    # and retyped ones from retyped.ml), compiled against their nx_open.ml.
    "1.0.0_alpha0": ("common/*", "frontends/default_context.ml", "alpha1/*", "alpha0/*"),
    "1.0.0_alpha1": ("common/*", "frontends/default_context.ml", "alpha1/*"),
    "1.0.0_alpha2": ("common/*", "frontends/default_context.ml", "alpha1/*", "alpha2/*"),
    "1.0.0_alpha3": (
        "common/*",
        "frontends/default_context.ml",
        "alpha1/*",
        "alpha2/*",
        "alpha3/*",
    ),
}

BUILD = ("dune", "build", "--profile", "release", "--root", ".", "./driver.exe")

# The default-context wrappers of each release's nx.ml over any backend (src/frontends/:
# what the release adds to default_context.ml, which all share): the releases a backend
# can be put under.
FRONTENDS = {
    "1.0.0_alpha0": "frontends/alpha0.ml",
    "1.0.0_alpha1": "frontends/alpha1.ml",
    "1.0.0_alpha2": "frontends/alpha1.ml",
    "1.0.0_alpha3": "frontends/alpha3.ml",
}
# Libraries the wrappers need besides nx.core and the backend's.
FRONTEND_LIBRARIES = {
    "1.0.0_alpha0": (),
    "1.0.0_alpha1": ("nx.bigarray_ext",),
    "1.0.0_alpha2": ("nx.bigarray_ext",),
    "1.0.0_alpha3": ("nx.buffer",),
}
# Releases whose driver is always built in two parts (the module docstring): alpha0's and
# alpha3's `Nx` lack functions the common tables name, or type them otherwise, which their
# nx_open.ml supplies (values that raise, never reached: their patches answer first).
TWO_PART = {"1.0.0_alpha0", "1.0.0_alpha3"}
# The modules of the library part: what the driver opens, and what it needs itself.
LIBRARY_MODULES = ("wire", "version", "default_context", "frontend", "nx_as_released", "nx_open")


@dataclass(frozen=True)
class Backend:
    """A backend of a release's frontend: `name` in the adapter's name
    (`ocaml-nx@1.0.0_alpha0+c`), the dune library and the module implementing
    `Nx_core.Backend_intf.S` (with `create_context`), and the dune project that holds the
    library when it is not installed with Nx."""

    name: str
    library: str
    module: str
    source: Path | None = None


# The backends each release ships beside its `Nx`, and alpha1's C backend with one planted
# fault chosen at start-up by NX_MUTANT (src/mutants/, `nx-conformance mutants`).
BUILT_IN_BACKENDS = {
    "1.0.0_alpha0": {"c": Backend("c", "nx.c", "Nx_c")},
    "1.0.0_alpha1": {"mutants": Backend("mutants", "nx_mutants", "Nx_mutants", _SRC / "mutants")},
}


@dataclass(frozen=True)
class Target:
    """One Nx to build against: its release, the environment that finds it, a key naming
    the toolchain (for the cache), and the backend in place of the release's own (None:
    the release's `Nx`)."""

    release: str
    env: dict[str, str]
    toolchain: str
    backend: Backend | None = None

    @property
    def name(self) -> str:
        """The release as the adapter's name says it (`1.0.0_alpha0+c`)."""
        return self.release + (f"+{self.backend.name}" if self.backend else "")

    @property
    def two_part(self) -> bool:
        return self.backend is not None or self.release in TWO_PART


def split_name(release: str) -> tuple[str, str | None]:
    """`1.0.0_alpha0+c` -> ("1.0.0_alpha0", "c"); `1.0.0_alpha1` -> ("1.0.0_alpha1", None)."""
    base, plus, backend = release.partition("+")
    return base, (backend if plus else None)


def backends(release: str) -> dict[str, Backend]:
    """The backends of a release: its own (alpha0's C backend) and those setup recorded."""
    found = dict(BUILT_IN_BACKENDS.get(release, {}))
    for key, record in toolchain.recorded_backends().items():
        base, name = split_name(key)
        if base == release and name:
            source = record.get("source")
            found[name] = Backend(
                name, record["library"], record["module"], Path(source) if source else None
            )
    return found


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
    """What `ocaml-nx` (release None) or `ocaml-nx@release` (`1.0.0_alpha0`,
    `1.0.0_alpha0+c`) builds against."""
    backend_name = None
    if release is not None:
        release, backend_name = split_name(release)
    if release is None:
        chosen = _setup_target(DEFAULT_RELEASE) or _environment_target()
    else:
        chosen = _setup_target(release)
    if chosen is None:
        which = f"Nx {release}" if release else f"Nx ({DEFAULT_RELEASE} from setup, or opam's)"
        raise Unavailable(
            f"the ocaml-nx adapter needs {which}: build it with "
            f"'nx-conformance setup ocaml-nx --sources DIR"
            + (f" --versions {release}'" if release else "'")
            + " (DIR: the pinned source archives), or install nx with opam"
        )
    if chosen.release not in RELEASE_SOURCES:
        raise Unavailable(
            f"the driver has no table for Nx {chosen.release}; it knows "
            f"{', '.join(RELEASE_SOURCES)}"
        )
    if backend_name is not None:
        known = backends(chosen.release)
        if backend_name not in known:
            raise Unavailable(
                f"Nx {chosen.release} has no backend {backend_name!r} here (known: "
                f"{', '.join(sorted(known)) or 'none'}); record one with 'nx-conformance "
                f"setup ocaml-nx --sources DIR --versions {chosen.release} "
                "--backend LIBRARY:MODULE'"
            )
        if chosen.release not in FRONTENDS:
            raise Unavailable(
                f"the driver has no frontend wrappers for Nx {chosen.release} (it has them "
                f"for {', '.join(FRONTENDS)})"
            )
        chosen = Target(chosen.release, chosen.env, chosen.toolchain, known[backend_name])
    return chosen


def _sources(release: str) -> list[Path]:
    files: dict[str, Path] = {}
    for pattern in RELEASE_SOURCES.get(release, ()):
        for path in sorted(_SRC.glob(pattern)):
            if path.is_file():
                files[path.name] = path
    return [files[name] for name in sorted(files)]


def _version_module(release: str, name: str | None = None) -> str:
    """`Version.nx` (as Nx writes it, 1.0.0~alpha1) and `Version.release` (1.0.0_alpha1,
    or with the backend: 1.0.0_alpha0+c)."""
    return f'let nx = "{release.replace("_", "~")}"\nlet release = "{name or release}"\n'


def _two_part_files(chosen: Target) -> dict[str, str]:
    """The generated files of a two-part build (the module docstring): the release's Nx
    over the chosen backend, what the driver opens (unless the release has its own
    nx_open.ml), and the dune file."""
    backend = chosen.backend
    if backend is None:
        released = "(* The release's own Nx. *)\ninclude Nx\n"
        libraries = ["nx"]
    else:
        released = (
            f"(* Nx {chosen.release}'s frontend over {backend.module} ({backend.library}), "
            "with the release's default-context wrappers (frontend.ml). *)\n"
            f"include Frontend.Make ({backend.module})\n"
        )
        libraries = ["nx.core", backend.library, *FRONTEND_LIBRARIES[chosen.release]]
    files = {"nx_as_released.ml": released}
    if not any(path.name == "nx_open.ml" for path in _sources(chosen.release)):
        files["nx_open.ml"] = (
            "(* The Nx the common tables are compiled against: the release's, as released. *)\n"
            "module Nx = Nx_as_released\n"
        )
    files["dune"] = _dune_file(libraries, with_frontend=backend is not None)
    return files


def _dune_file(libraries: list[str], *, with_frontend: bool) -> str:
    modules = [m for m in LIBRARY_MODULES if with_frontend or m != "frontend"]
    return (
        "; The driver in two parts (adapters/ocaml_nx/__init__.py): the release's Nx over the\n"
        "; chosen backend, and the driver compiled against the Nx that Nx_open names.\n"
        "(library\n (name nx_release)\n (wrapped false)\n"
        f" (modules {' '.join(modules)})\n"
        f" (libraries yojson {' '.join(libraries)}))\n\n"
        "(executable\n (name driver)\n"
        f" (modules :standard \\ {' '.join(modules)})\n"
        " (flags (:standard -open Nx_open))\n"
        " (libraries nx_release nx.core yojson unix)\n"
        " (foreign_stubs\n  (language c)\n  (names storage)))\n"
    )


def _backend_files(backend: Backend | None) -> list[Path]:
    """The files of a backend's dune project, copied into the build under backend/. Its
    top-level dune-project and dune-workspace stay behind: the backend's directories become
    part of the driver's project, where a private library (no public_name) is visible."""
    if backend is None or backend.source is None:
        return []
    skip = {"_build", "_opam", ".git"}
    top = {"dune-project", "dune-workspace"}
    return sorted(
        path
        for path in backend.source.rglob("*")
        if path.is_file()
        and not skip & set(path.relative_to(backend.source).parts)
        and not (path.parent == backend.source and path.name in top)
    )


def driver(chosen: Target) -> Executable:
    """The driver's build against `chosen`: the release's sources, its version module,
    and for a two-part build the generated library part, the frontend wrappers and the
    backend's dune project (under backend/)."""
    files: dict[str, Path | str] = {path.name: path for path in _sources(chosen.release)}
    files["version.ml"] = _version_module(chosen.release, chosen.name)
    if chosen.two_part:
        files.update(_two_part_files(chosen))
    if chosen.backend is not None:
        files["frontend.ml"] = _SRC / FRONTENDS[chosen.release]
        for path in _backend_files(chosen.backend):
            files[str(Path("backend") / path.relative_to(chosen.backend.source))] = path
    toolchain = (chosen.release, chosen.toolchain, chosen.name)
    return Executable(
        "ocaml-nx/drivers", files, BUILD, "_build/default/driver.exe", toolchain, chosen.env
    )


def driver_path(release: str | None = None) -> Path:
    """The built driver for this release, built now if it is not yet."""
    chosen = target(release)
    try:
        return cached_executable(driver(chosen), f"the Nx {chosen.name} driver")
    except BuildFailed as error:
        raise Unavailable(str(error)) from None


def state(release: str | None = None) -> str:
    """`built`, `buildable` (an Nx is there, the driver not yet) or `missing (why)`."""
    try:
        chosen = target(release)
    except Unavailable as error:
        return f"missing ({error})"
    return "built" if driver(chosen).path().is_file() else "buildable"


def releases() -> list[str]:
    """The releases built by setup and their backends (each is an adapter
    `ocaml-nx@<release>`, `ocaml-nx@<release>+<backend>`)."""
    found = toolchain.installed()
    names = []
    for release in sorted(found.releases) if found else []:
        names.append(release)
        names.extend(f"{release}+{name}" for name in sorted(backends(release)))
    return names


def adapter(release: str | None = None, *, timeout: float | None = None) -> ProtocolAdapter:
    """The adapter `ocaml-nx` (release None) or `ocaml-nx@<release>`.

    Every case runs in a clean process, a child the driver forks for it (its fork server,
    `adapters/protocol.md` section 6; about 1 ms a case, where a fresh process costs 5 ms):
    some calls corrupt Nx's heap (1.0.0~alpha1's `solve` then crashes or answers
    differently on a later, unrelated case, depending on what ran before), and a gate needs
    each outcome to depend on its case only."""
    return ProtocolAdapter(
        shlex.quote(str(driver_path(release))), timeout=timeout or DEFAULT_TIMEOUT, isolate=True
    )


class OCamlNx(Implementation):
    name = "ocaml-nx"
    summary = "the real Nx"
    builds = "OCaml 5.3.0, dune and the real Nx releases (--versions)"

    def adapters(self) -> dict[str, str]:
        found = {self.name: f"the real Nx {DEFAULT_RELEASE} (or opam's), {state()}"}
        for release in releases():
            found[f"{self.name}@{release}"] = f"the real Nx {release}, {state(release)}"
        return found

    def load(self, adapter_name: str, *, timeout: float | None = None) -> ProtocolAdapter:
        _, at, release = adapter_name.partition("@")
        return adapter(release if at else None, timeout=timeout)

    def add_setup_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--versions",
            nargs="+",
            metavar="V",
            help=f"releases to build, of {', '.join(toolchain.NX_RELEASES)} (default: "
            f"{' '.join(toolchain.DEFAULT_VERSIONS)})",
        )
        parser.add_argument("-j", "--jobs", type=int, metavar="N", help="parallel build jobs")
        parser.add_argument(
            "--backend",
            action="append",
            metavar="LIBRARY:MODULE",
            help="a backend of each release (a dune library and its module implementing "
            "Nx_core.Backend_intf.S), run as ocaml-nx@RELEASE+MODULE; repeatable",
        )
        parser.add_argument(
            "--backend-source",
            type=Path,
            metavar="DIR",
            help="the dune project holding the --backend libraries (built with the driver)",
        )

    def setup(self, args: argparse.Namespace, out: Callable[[str], None]) -> None:
        versions = args.versions or list(toolchain.DEFAULT_VERSIONS)
        toolchain.setup(
            args.sources,
            versions,
            jobs=args.jobs,
            out=out,
            backends=args.backend or [],
            backend_source=args.backend_source,
        )
        # Build each backend's driver now, so that a backend that does not compile says so
        # here rather than on the first run.
        for version in versions:
            for spec in args.backend or []:
                _, module = toolchain.parse_backend(spec)
                path = driver_path(f"{version}+{module}")
                out(f"driver for ocaml-nx@{version}+{module}: {path}")


IMPLEMENTATION = OCamlNx()
