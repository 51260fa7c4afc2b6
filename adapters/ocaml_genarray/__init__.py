"""`ocaml-genarray`: the `genarray` namespace run on OCaml's own `Bigarray.Genarray`.

`driver.ml` (with the few lines of `storage.c`) is a real OCaml program that speaks the
wire protocol (`adapters/protocol.md`) and answers each request by calling the standard
library: the cases of bigarray_genarray.txt meet the implementation they document. It keeps live
values per case (`"handles": true`), so pipelines observe sharing through sub-arrays,
slices and `change_layout`; it tells storage sharing by whether the byte ranges of two
Bigarrays' elements overlap (their data addresses, read by `storage.c`), and identity by
OCaml's `==`. What OCaml rejects when compiling (a Fortran-layout array given to
`sub_left`, a float stored into an int32 array) is answered `unsupported`.

On first use the driver is built with the system's OCaml into a cache directory,
`$XDG_CACHE_HOME/nx-conformance/ocaml-genarray/<hash>/driver` (`~/.cache` when
`XDG_CACHE_HOME` is unset), where `<hash>` covers the sources, the build command and the
compiler version, and reused from there; the source tree is never written to. The build:

    ocamlfind ocamlopt -package yojson -linkpkg storage.c wire.ml driver.ml -o driver

(`wire.ml`, the JSON numbers and base64, is the one of the real-Nx driver,
`adapters/ocaml_nx/src/common/wire.ml`.)

It needs OCaml (4.07 or later: Bigarray is in its standard library), ocamlfind and yojson;
on Debian: `apt-get install ocaml-nox ocaml-findlib libyojson-ocaml-dev`.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import subprocess
import tempfile
from pathlib import Path

from adapters.discovery import UnknownAdapter
from adapters.protocol import ProtocolAdapter

_HERE = Path(__file__).resolve().parent
# The files of the build, and where each comes from: wire.ml (JSON numbers, base64) is
# shared with the real-Nx driver.
SOURCE_FILES = {
    "storage.c": _HERE / "storage.c",
    "wire.ml": _HERE.parent / "ocaml_nx" / "src" / "common" / "wire.ml",
    "driver.ml": _HERE / "driver.ml",
}
SOURCES = tuple(SOURCE_FILES)
BUILD = ("ocamlfind", "ocamlopt", "-package", "yojson", "-linkpkg", *SOURCES, "-o", "driver")
INSTALL_HINT = "apt-get install ocaml-nox ocaml-findlib libyojson-ocaml-dev"


class DriverUnavailable(UnknownAdapter):
    """The OCaml driver cannot be built here (the message says what to install)."""


def cache_root() -> Path:
    """Where built drivers live: `$XDG_CACHE_HOME/nx-conformance/ocaml-genarray`."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "nx-conformance" / "ocaml-genarray"


def toolchain_version() -> str:
    """The compiler's version, or `DriverUnavailable` saying what to install."""
    if shutil.which("ocamlfind") is None:
        raise DriverUnavailable(
            f"the ocaml-genarray adapter builds an OCaml driver, but ocamlfind is not "
            f"installed; install OCaml with: {INSTALL_HINT}"
        )
    found = subprocess.run(
        ["ocamlfind", "query", "yojson"], capture_output=True, text=True, check=False
    )
    if found.returncode != 0:
        raise DriverUnavailable(
            f"the ocaml-genarray adapter needs the OCaml library yojson, which ocamlfind "
            f"cannot find ({found.stderr.strip()}); install it with: {INSTALL_HINT}"
        )
    version = subprocess.run(
        ["ocamlfind", "ocamlopt", "-version"], capture_output=True, text=True, check=False
    )
    return version.stdout.strip()


def driver_path() -> Path:
    """The built driver for these sources and this compiler, built now if it is not yet.

    The build runs in a fresh directory next to the final one and the executable is
    renamed into place, so concurrent first uses (test workers) never see half a file.
    """
    digest = hashlib.sha256()
    for part in (toolchain_version(), " ".join(BUILD)):
        digest.update(part.encode() + b"\0")
    for path in SOURCE_FILES.values():
        digest.update(path.read_bytes() + b"\0")
    target = cache_root() / digest.hexdigest()[:16] / "driver"
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix="build-") as build:
        for name, path in SOURCE_FILES.items():
            shutil.copyfile(path, Path(build) / name)
        done = subprocess.run(BUILD, cwd=build, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise DriverUnavailable(
                f"building the OCaml driver failed ({' '.join(BUILD)}):\n"
                f"{(done.stdout + done.stderr).strip()}"
            )
        os.replace(Path(build) / "driver", target)
    return target


def OCamlGenarrayAdapter() -> ProtocolAdapter:
    """The adapter registered as `ocaml-genarray`."""
    return ProtocolAdapter(shlex.quote(str(driver_path())))
