"""A fork server for Python drivers: section 6 of `adapters/protocol.md`.

When the runner asks for it (NX_CONFORMANCE_ISOLATION=fork in the environment, `asked()`),
`adapters.driver.serve(adapter, fork=True)` says `"isolation": "fork"` in its hello and
calls `serve(adapter, answer_line)`, which runs on the process's own stdin and stdout
(file descriptors 0 and 1). This process then never runs an op nor reads a request: it
forks a child per case and waits for it. The child reads the case's requests
from stdin and answers them on stdout, and exits after answering the case's `release`.
A page shared with the child says which request it is answering: a child that dies
while answering has that request answered by the server,
`{"id": ID, "crashed": {"signal": "SIGSEGV"}}` or `{"id": ID, "crashed": {"exit": N}}`;
one that dies between two requests of its case has the case's next request (or its
release) answered so by the next child.

`adapters/ocaml_nx/src/common/driver.ml` is the same server in OCaml.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import mmap
import os
import signal
import struct
import sys
import traceback
from collections.abc import Callable
from typing import Any

from adapters.base import Adapter

AnswerLine = Callable[[Adapter, str], tuple[dict[str, Any], bool]]

# The shared page: the child's state and the id of the request it is answering.
IDLE, BUSY, RELEASED, CLOSED = 0, 1, 2, 3
_PAGE = struct.Struct("<qq?")  # state, id, whether there is an id


class Lines:
    """Lines off a file descriptor, read with a buffer of its own."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buffer = b""

    def next(self) -> str | None:
        while b"\n" not in self.buffer:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace")


def _send(message: dict[str, Any]) -> None:
    data = (json.dumps(message) + "\n").encode("utf-8")
    while data:
        data = data[os.write(1, data) :]


def _peek(line: str) -> tuple[Any, bool]:
    """A request's id and whether it ends the case."""
    try:
        message = json.loads(line)
    except ValueError:
        return None, False
    if not isinstance(message, dict):
        return None, False
    return message.get("id"), bool(message.get("release"))


def how_it_ended(status: int) -> dict[str, Any]:
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            return {"signal": signal.Signals(number).name}
        except ValueError:
            return {"signal": number}
    return {"exit": os.waitstatus_to_exitcode(status)}


def _die_with_parent(server: int) -> None:
    """A child hung in an op dies with the server when the runner kills the server."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != server:
        os._exit(0)


def _child(
    adapter: Adapter,
    answer_line: AnswerLine,
    lines: Lines,
    page: mmap.mmap,
    server: int,
    pending: dict[str, Any] | None,
) -> None:
    def mark(state: int, request_id: Any = None) -> None:
        known = isinstance(request_id, int)
        page[: _PAGE.size] = _PAGE.pack(state, request_id if known else 0, known)

    code = 2
    try:
        _die_with_parent(server)
        while True:
            line = lines.next()
            if line is None:
                mark(CLOSED)
                break
            if not line.strip():
                continue
            request_id, release = _peek(line)
            mark(BUSY, request_id)
            if pending is not None:
                # The case's previous child died between two requests: this is its crash.
                reply, pending = {"id": request_id, "crashed": pending}, None
            else:
                reply, release = answer_line(adapter, line)
            _send(reply)
            if release:
                mark(RELEASED)
                break
            mark(IDLE)
        code = 0
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(code)


def _serve_forking(adapter: Adapter, answer_line: AnswerLine, lines: Lines) -> None:
    page = mmap.mmap(-1, mmap.PAGESIZE)  # MAP_SHARED: the children write, the server reads
    server = os.getpid()
    pending: dict[str, Any] | None = None
    while True:
        page[: _PAGE.size] = _PAGE.pack(IDLE, 0, False)
        sys.stdout.flush()
        sys.stderr.flush()
        try:
            pid = os.fork()
        except OSError as error:
            line = lines.next()  # no child for the case: its first request is answered here
            if line is None:
                return
            _send({"id": _peek(line)[0], "crashed": {"fork": str(error)}})
            continue
        if pid == 0:
            _child(adapter, answer_line, lines, page, server, pending)
        _, status = os.waitpid(pid, 0)
        state, request_id, known = _PAGE.unpack(page[: _PAGE.size])
        if state == CLOSED:
            return
        if state == RELEASED and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
            pending = None
        elif state == BUSY:
            _send({"id": request_id if known else None, "crashed": how_it_ended(status)})
            pending = None
        else:
            pending = how_it_ended(status)


def asked() -> bool:
    """Whether the runner asks for fork isolation (in this process's environment)."""
    return os.environ.get("NX_CONFORMANCE_ISOLATION") == "fork"


def serve(adapter: Adapter, answer_line: AnswerLine) -> None:
    """Serve every case from a child forked for it, on fds 0 and 1, until stdin closes
    (the hello, saying `"isolation": "fork"`, has been written)."""
    _serve_forking(adapter, answer_line, Lines(0))
