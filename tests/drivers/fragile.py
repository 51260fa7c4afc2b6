"""The reference over the wire protocol, with a memory that one case can corrupt (as Nx
1.0.0~alpha1's heap is by some calls), for the tests of isolation.

    python -m tests.drivers.fragile [fork] [segv-always]

- `scribble` answers `{int: 1}` and corrupts the process: after it, `zeros` dies of
  SIGSEGV and `ones` answers wrong values;
- `segv` dies of SIGSEGV, whatever came before;
- `die_at_release` answers `{int: 1}`, and its case's process dies (SIGSEGV) on the
  case's release.

With `fork`, the hello offers fork isolation (`adapters/forking.py`); with `segv-always`,
every request dies of SIGSEGV (the runner's probe too).
"""

from __future__ import annotations

import os
import signal
import sys

from adapters import values as v
from adapters.base import Reply, Request, Status
from adapters.driver import serve
from adapters.reference.adapter import ReferenceAdapter


class Fragile(ReferenceAdapter):
    name = "fragile"

    def __init__(self, *, crash_always: bool = False) -> None:
        super().__init__()
        self.corrupted = False
        self.crash_always = crash_always
        self.die_at_release = False

    def call(self, request: Request) -> Reply:
        if request.op == "scribble":
            self.corrupted = True
            return Reply(Status.RESULT, value=1)
        if self.crash_always or request.op == "segv" or (self.corrupted and request.op == "zeros"):
            os.kill(os.getpid(), signal.SIGSEGV)
        if request.op == "die_at_release":
            self.die_at_release = True
            return Reply(Status.RESULT, value=1)
        reply = self.call_unchanged(request)
        if self.corrupted and request.op == "ones" and reply.status is Status.RESULT:
            value = reply.value
            wrong = v.TensorValue(value.dtype, value.shape, value.data + 1)
            return Reply(Status.RESULT, value=wrong)
        return reply

    def call_unchanged(self, request: Request) -> Reply:
        return super().call(request)

    def end_case(self) -> None:
        if self.die_at_release:
            os.kill(os.getpid(), signal.SIGSEGV)
        super().end_case()


if __name__ == "__main__":
    serve(Fragile(crash_always="segv-always" in sys.argv), fork="fork" in sys.argv)
