"""`ocaml-genarray`: the `genarray` namespace run on OCaml's own `Bigarray.Genarray`.

`driver.ml` (with the few lines of `storage.c`) is a real OCaml program that speaks the
wire protocol (`adapters/protocol.md`) and answers each request by calling the standard
library: the cases of bigarray_genarray.txt meet the implementation they document. It keeps live
values per case (`"handles": true`), so pipelines observe sharing through sub-arrays,
slices and `change_layout`; it tells storage sharing by whether the byte ranges of two
Bigarrays' elements overlap (their data addresses, read by `storage.c`), and identity by
OCaml's `==`. What OCaml rejects when compiling (a Fortran-layout array given to
`sub_left`, a float stored into an int32 array) is answered `unsupported`.

On first use the driver is built with the system's OCaml into the user cache,
`$XDG_CACHE_HOME/nx-conformance/ocaml-genarray/<key>/driver` (`~/.cache` when
`XDG_CACHE_HOME` is unset; `adapters/build.py`, `cached_executable`), where `<key>` covers
the sources, the build command and the compiler version, and reused from there. The build:

    ocamlfind ocamlopt -package yojson -linkpkg storage.c wire.ml serve.ml driver.ml -o driver

(`wire.ml`, the JSON numbers and base64, and `serve.ml`, the request loop, are those of
the real-Nx driver, in `adapters/ocaml_nx/src/common/`.)

It needs OCaml (4.07 or later: Bigarray is in its standard library), ocamlfind and yojson;
on Debian: `apt-get install ocaml-nox ocaml-findlib libyojson-ocaml-dev`.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from pathlib import Path

from adapters.base import Implementation, Unavailable
from adapters.build import BuildFailed, Executable, cached_executable
from adapters.protocol import DEFAULT_TIMEOUT, ProtocolAdapter

_HERE = Path(__file__).resolve().parent
# The files of the build, in dependency order, and where each comes from: wire.ml (JSON
# numbers, base64) and serve.ml (the request loop) are shared with the real-Nx driver.
SOURCE_FILES = {
    "storage.c": _HERE / "storage.c",
    "wire.ml": _HERE.parent / "ocaml_nx" / "src" / "common" / "wire.ml",
    "serve.ml": _HERE.parent / "ocaml_nx" / "src" / "common" / "serve.ml",
    "driver.ml": _HERE / "driver.ml",
}
BUILD = ("ocamlfind", "ocamlopt", "-package", "yojson", "-linkpkg", *SOURCE_FILES, "-o", "driver")
INSTALL_HINT = "apt-get install ocaml-nox ocaml-findlib libyojson-ocaml-dev"


def toolchain_version() -> str:
    """The compiler's version, or `Unavailable` saying what to install."""
    if shutil.which("ocamlfind") is None:
        raise Unavailable(
            f"the ocaml-genarray adapter builds an OCaml driver, but ocamlfind is not "
            f"installed; install OCaml with: {INSTALL_HINT}"
        )
    found = subprocess.run(
        ["ocamlfind", "query", "yojson"], capture_output=True, text=True, check=False
    )
    if found.returncode != 0:
        raise Unavailable(
            f"the ocaml-genarray adapter needs the OCaml library yojson, which ocamlfind "
            f"cannot find ({found.stderr.strip()}); install it with: {INSTALL_HINT}"
        )
    version = subprocess.run(
        ["ocamlfind", "ocamlopt", "-version"], capture_output=True, text=True, check=False
    )
    return version.stdout.strip()


def driver() -> Executable:
    """The driver's build for these sources and the installed compiler."""
    return Executable(
        "ocaml-genarray", SOURCE_FILES, BUILD, "driver", toolchain=(toolchain_version(),)
    )


def driver_path() -> Path:
    """The built driver, built now if it is not yet."""
    try:
        return cached_executable(driver(), "the OCaml Bigarray driver")
    except BuildFailed as error:
        raise Unavailable(str(error)) from None


class OCamlGenarray(Implementation):
    name = "ocaml-genarray"
    summary = "the genarray namespace on OCaml's own Bigarray.Genarray (built on first use)"

    def adapters(self) -> dict[str, str]:
        try:
            state = "built" if driver().path().is_file() else "buildable"
        except Unavailable as error:
            state = f"missing ({error})"
        return {self.name: f"{self.summary}: {state}"}

    def load(self, adapter_name: str, *, timeout: float | None = None) -> ProtocolAdapter:
        return OCamlGenarrayAdapter(timeout)


def OCamlGenarrayAdapter(timeout: float | None = None) -> ProtocolAdapter:
    """The adapter registered as `ocaml-genarray`."""
    return ProtocolAdapter(shlex.quote(str(driver_path())), timeout=timeout or DEFAULT_TIMEOUT)


IMPLEMENTATION = OCamlGenarray()
