"""The OCaml toolchain and the Nx releases under test, built from pinned sources.

`nx-conformance setup ocaml-nx --sources DIR [--versions V ...]` builds, from the archives
in DIR (checked against DIR/SHA256SUMS; nothing is fetched):

    OCaml 5.3.0 -> dune 3.21.1 -> csexp -> dune-configurator -> stdlib-shims -> yojson
    -> each Nx release (1.0.0_alpha1 by default, the release the `Nx` documentation
       describes; 1.0.0_alpha2 and 1.0.0_alpha3 on request)

into `<cache>/ocaml-nx/toolchain-<key>/` (an OCaml prefix; `<key>` covers the toolchain
archives' hashes, this recipe and the CPU, since Nx compiles its C with -march=native)
and each Nx into `nx/<version>-<hash>/` inside it (its own findlib directory, so that a
program picks its release with `OCAMLPATH=<that>/lib`). Measured on 2 cores: OCaml about
4 min, dune about 1.5 min, each Nx 1.5-3 min; a second `setup` with the same archives
does nothing. `<cache>/ocaml-nx/setup.json` records the last successful setup: which
toolchain, and where each release is; the `ocaml-nx` adapters read it.

`--backend LIBRARY:MODULE` (with `--backend-source DIR`, the dune project holding LIBRARY,
when it is not installed beside Nx) records a backend of each requested release: a module
implementing that release's `Nx_core.Backend_intf.S` (and `create_context`), which the
adapter `ocaml-nx@<release>+MODULE` puts under the release's frontend in place of its own
(adapters/ocaml_nx/__init__.py builds that driver).

Without `setup`, the adapters use an Nx installed in the user's own OCaml environment
(opam): `ocamlfind` and `dune` on PATH with the `nx` library findable.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from adapters.build import (
    SetupError,
    SetupRecord,
    Step,
    build_in_place,
    clean_environment,
    cpu_identity,
    is_built,
    key_of,
    unpack_step,
    verified_archives,
)

# Bump when the steps below change: a toolchain built by another recipe is another key.
RECIPE = "ocaml-nx toolchain recipe 1"

TOOLCHAIN_ARCHIVES = {
    "ocaml": "ocaml-5.3.0.tgz",
    "dune": "dune-3.21.1.tar.gz",
    "csexp": "csexp-1.5.2.tar.gz",
    "stdlib-shims": "stdlib-shims-0.3.0.tar.gz",
    "yojson": "yojson-3.0.0.tar.gz",
}

# The Nx releases the suite knows, oldest first, and what each is for.
NX_RELEASES = {
    "1.0.0_alpha0": "the release before the documented one: one frontend over two backends, "
    "Nx_native (pure OCaml, the `Nx` module) and Nx_c (C), which the suite checks "
    "against each other and against the documentation",
    "1.0.0_alpha1": "the release the Nx module documentation (nx.txt) describes",
    "1.0.0_alpha2": "the next release, checked against the same documentation",
    "1.0.0_alpha3": "the release the Nx_core.View and Nx_core.Shape documentation describes",
}
DEFAULT_VERSIONS = ("1.0.0_alpha1",)


def nx_archive(version: str) -> str:
    return f"nx-{version}-subset.tar.gz"


RECORD = SetupRecord("ocaml-nx")


@dataclass(frozen=True)
class Installed:
    """A finished setup: the OCaml prefix and the findlib directory of each Nx release."""

    prefix: Path
    releases: dict[str, Path]

    @property
    def bin(self) -> Path:
        return self.prefix / "bin"


def installed() -> Installed | None:
    """The last successful setup, if its directories are still complete."""
    record = RECORD.read()
    try:
        prefix = Path(record["prefix"])
        releases = {v: Path(p) for v, p in record["releases"].items()}
    except (KeyError, TypeError, AttributeError):
        return None
    if not is_built(prefix):
        return None
    return Installed(prefix, {v: p for v, p in releases.items() if is_built(p)})


_LIBRARY = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*")
_MODULE = re.compile(r"[A-Z][A-Za-z0-9_']*")


def parse_backend(spec: str) -> tuple[str, str]:
    """`LIBRARY:MODULE` (`nx.c:Nx_c`, `my_backend:My_backend`) -> (library, module)."""
    library, colon, module = spec.partition(":")
    if not colon or not _LIBRARY.fullmatch(library) or not _MODULE.fullmatch(module):
        raise SetupError(
            f"--backend {spec!r}: expected LIBRARY:MODULE, a dune library name and the "
            "OCaml module in it that implements Nx_core.Backend_intf.S (my_backend:My_backend)"
        )
    return library, module


def recorded_backends() -> dict[str, dict]:
    """The backends setup recorded: `<release>+<MODULE>` -> library, module, source."""
    found = RECORD.read().get("backends", {})
    return found if isinstance(found, dict) else {}


def setup(
    sources: Path,
    versions: list[str],
    *,
    jobs: int | None = None,
    out: Callable[[str], None] | None = None,
    backends: list[str] = (),
    backend_source: Path | None = None,
) -> Installed:
    """Build (or find built) the toolchain and the requested Nx releases, and record the
    `backends` (LIBRARY:MODULE) of each requested release."""
    unknown = [v for v in versions if v not in NX_RELEASES]
    if unknown:
        raise SetupError(f"unknown Nx release(s) {unknown}; known: {', '.join(NX_RELEASES)}")
    parsed = [parse_backend(spec) for spec in backends]
    if backend_source is not None and not (backend_source / "dune-project").is_file():
        raise SetupError(f"--backend-source {backend_source}: no dune-project there")
    if backend_source is not None and not parsed:
        raise SetupError("--backend-source names the dune project of a --backend LIBRARY:MODULE")
    hashes = verified_archives(
        sources, [*TOOLCHAIN_ARCHIVES.values(), *(nx_archive(v) for v in versions)]
    )
    jobs = jobs or os.cpu_count() or 2
    toolchain_key = key_of(
        RECIPE, cpu_identity(), *(hashes[a] for a in TOOLCHAIN_ARCHIVES.values())
    )
    prefix = RECORD.home / f"toolchain-{toolchain_key}"
    say = out or (lambda line: print(line, flush=True))
    with RECORD.scratch(clean_environment(prefix / "bin"), say) as (builder, work):
        if build_in_place(
            prefix,
            lambda p: builder.run(_toolchain_steps(sources, work, p, jobs)),
            {"recipe": RECIPE, "archives": {a: hashes[a] for a in TOOLCHAIN_ARCHIVES.values()}},
        ):
            say(f"toolchain built in {prefix}")
        else:
            say(f"toolchain: already built ({prefix})")
        for version in versions:
            archive = nx_archive(version)
            target = prefix / "nx" / f"{version}-{hashes[archive][:12]}"
            if build_in_place(
                target,
                lambda t, v=version: builder.run(_nx_steps(sources, work, t, v, jobs)),
                {"version": version, "archive": archive, "sha256": hashes[archive]},
            ):
                say(f"Nx {version} built in {target}")
            else:
                say(f"Nx {version}: already built ({target})")
            _record(prefix, version, target)
            for library, module in parsed:
                source = str(backend_source.resolve()) if backend_source else None
                _record_backend(
                    f"{version}+{module}", {"library": library, "module": module, "source": source}
                )
                adapter = f"ocaml-nx@{version}+{module}"
                say(f"backend {library}:{module} of Nx {version}: adapter {adapter}")
    return installed() or Installed(prefix, {})


def _record(prefix: Path, version: str, target: Path) -> None:
    """Add a finished release to the setup record (each one as soon as it is built)."""
    previous = installed()
    releases = dict(previous.releases) if previous and previous.prefix == prefix else {}
    releases[version] = target
    record = {"prefix": str(prefix), "releases": {v: str(p) for v, p in releases.items()}}
    kept = recorded_backends() if previous and previous.prefix == prefix else {}
    if kept:
        record["backends"] = kept
    RECORD.write(record)


def _record_backend(name: str, backend: dict) -> None:
    """Add (or replace) a backend in the setup record."""
    record = RECORD.read()
    record.setdefault("backends", {})[name] = backend
    RECORD.write(record)


def _toolchain_steps(sources: Path, work: Path, prefix: Path, jobs: int) -> list[Step]:
    tree = {name: work / "src" / name for name in TOOLCHAIN_ARCHIVES}
    p, j = str(prefix), str(jobs)

    def unpack(name: str) -> Step:
        return unpack_step(sources / TOOLCHAIN_ARCHIVES[name], tree[name])

    def dune_package(name: str, where: Path) -> list[Step]:
        return [
            Step(f"{name}: build", ["dune", "build", "-p", name, "-j", j, "@install"], where),
            Step(f"{name}: install", ["dune", "install", "-p", name, name, "--prefix", p], where),
        ]

    boot_dune = "./_boot/dune.exe"
    return [
        unpack("ocaml"),
        Step("OCaml 5.3.0: configure", ["./configure", f"--prefix={p}"], tree["ocaml"]),
        Step("OCaml 5.3.0: make", ["make", f"-j{j}"], tree["ocaml"]),
        Step("OCaml 5.3.0: install", ["make", "install"], tree["ocaml"]),
        unpack("dune"),
        Step("dune 3.21.1: bootstrap", ["ocaml", "boot/bootstrap.ml", "-j", j], tree["dune"]),
        Step(
            "dune 3.21.1: build",
            [boot_dune, "build", "-p", "dune", "--profile", "dune-bootstrap", "@install"],
            tree["dune"],
        ),
        Step("dune 3.21.1: install", [boot_dune, "install", "dune", "--prefix", p], tree["dune"]),
        unpack("csexp"),
        *dune_package("csexp", tree["csexp"]),
        *dune_package("dune-configurator", tree["dune"]),
        unpack("stdlib-shims"),
        *dune_package("stdlib-shims", tree["stdlib-shims"]),
        unpack("yojson"),
        *dune_package("yojson", tree["yojson"]),
    ]


def _nx_steps(sources: Path, work: Path, target: Path, version: str, jobs: int) -> list[Step]:
    archive = sources / nx_archive(version)
    tree = work / "src" / f"nx-{version}"
    # Each archive is a raven workspace: its top has the dune-project that `dune -p nx`
    # builds from (the package's sources are in nx/ or packages/nx/ below it).
    package = tree
    j = str(jobs)
    return [
        unpack_step(archive, tree),
        Step(f"Nx {version}: build", ["dune", "build", "-p", "nx", "-j", j, "@install"], package),
        Step(
            f"Nx {version}: install",
            ["dune", "install", "-p", "nx", "nx", "--prefix", str(target)],
            package,
        ),
    ]


def remove_all() -> None:
    """Forget every toolchain (for a clean rebuild)."""
    shutil.rmtree(RECORD.home, ignore_errors=True)
