"""`arraymancer`: the `arraymancer` namespace run on the real Arraymancer (Nim).

`driver.nim` is a Nim program that speaks the wire protocol (`adapters/protocol.md`) and
answers each request by calling Arraymancer's own shapeshifting procs on real
`Tensor[T]`s (arraymancer_shapeshifting.txt documents them). It keeps live values per case
(`"handles": true`), so pipelines observe the very tensors, and it tells storage sharing
by whether two tensors hold the same `CpuStorage`. What Nim refuses when compiling (two
element types in one call, a bool given to `broadcast[T: SomeNumber]`) and the rank-0
tensors Arraymancer cannot hold (its shape [] has size 0) are answered `unsupported`,
saying why.

The driver is built from pinned source archives (`toolchain.py`):
`nx-conformance setup arraymancer --sources DIR`, or on first use when
`NX_CONFORMANCE_ARRAYMANCER_SOURCES=DIR` names the archives' directory. It needs Nim,
gcc and the C headers: `apt-get install --no-install-recommends nim gcc libc6-dev`.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections.abc import Callable
from pathlib import Path

from adapters.arraymancer import toolchain
from adapters.base import Implementation, Unavailable
from adapters.build import SetupError
from adapters.protocol import DEFAULT_TIMEOUT, ProtocolAdapter

_HERE = Path(__file__).resolve().parent


def driver_path() -> str:
    """The built driver, built now if the sources are known; `Unavailable` if not."""
    try:
        return str(toolchain.driver_path(out=lambda line: print(line, file=sys.stderr)))
    except SetupError as error:
        raise Unavailable(f"arraymancer: {error}") from None


def state() -> str:
    """What `nx-conformance adapters` shows: built, buildable or missing (why)."""
    return toolchain.state()


class Arraymancer(Implementation):
    name = "arraymancer"
    summary = "the arraymancer namespace on the real Arraymancer 195c75d4 (Nim)"
    builds = "Arraymancer 195c75d4's driver, with the system's Nim"
    counterparts = _HERE / "counterparts.yaml"

    def adapters(self) -> dict[str, str]:
        return {self.name: f"{self.summary}: {state()}"}

    def load(self, adapter_name: str, *, timeout: float | None = None) -> ProtocolAdapter:
        return ProtocolAdapter(shlex.quote(driver_path()), timeout=timeout or DEFAULT_TIMEOUT)

    def setup(self, args: argparse.Namespace, out: Callable[[str], None]) -> None:
        toolchain.setup(args.sources, out=out)


IMPLEMENTATION = Arraymancer()
