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

import shlex
import sys

from adapters.arraymancer import toolchain
from adapters.build import BuildFailed, SourcesError
from adapters.discovery import UnknownAdapter
from adapters.protocol import ProtocolAdapter


class DriverUnavailable(UnknownAdapter):
    """The driver is not built and cannot be built here (the message says what to do)."""


def driver_path() -> str:
    """The built driver, built now if the sources are known; DriverUnavailable if not."""
    try:
        return str(toolchain.driver_path(out=lambda line: print(line, file=sys.stderr)))
    except (toolchain.NotSetUp, BuildFailed, SourcesError) as error:
        raise DriverUnavailable(f"arraymancer: {error}") from None


def ArraymancerAdapter() -> ProtocolAdapter:
    """The adapter registered as `arraymancer`."""
    return ProtocolAdapter(shlex.quote(driver_path()))


def state() -> str:
    """What `nx-conformance adapters` shows: built, buildable or missing (why)."""
    return toolchain.state()
