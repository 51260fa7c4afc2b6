"""`cmd:` adapters: a program in any language that speaks the wire protocol.

The protocol is in `adapters/protocol.md` (and `spec/FORMAT.md`): JSON Lines on the
program's stdin/stdout, a `hello` line first, then one reply line per request.

The runner keeps one process alive across cases. Whatever the program does, the run
goes on: a reply that does not come within the timeout (a hang), a process that dies,
a line that is not JSON, a reply with the wrong id or of the wrong shape — each is a
`crash` reply (the case's `error` outcome) whose message says what happened and shows
the offending text and the tail of the program's stderr; the process is then killed and
started again for the next case, so one bad case never poisons another.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import tempfile
import time
from typing import Any

from adapters import codec
from adapters import values as v
from adapters.base import Adapter, Kept, Reply, Request, Status

DEFAULT_TIMEOUT = 5.0
STARTUP_TIMEOUT = 30.0
B64_ABOVE = 64  # tensors with more elements travel as base64 bytes


class ProtocolError(Exception):
    """The program broke the protocol; the message says how."""


class ProtocolAdapter(Adapter):
    """Runs cases on a program that speaks the wire protocol."""

    def __init__(self, command: str, *, timeout: float = DEFAULT_TIMEOUT):
        self.command = command
        self.argv = shlex.split(command)
        self.timeout = timeout
        self.name = f"cmd:{command}"
        self._process: subprocess.Popen | None = None
        self._stderr = None
        self._buffer = b""
        self._next_id = 0
        self._kept_in_case = False
        self._start_failure: str | None = None
        self._hello: dict[str, Any] = {}
        self._ensure_started()

    # --- Process life ---------------------------------------------------------------

    def _ensure_started(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        self._stop()
        try:
            self._start()
            self._start_failure = None
        except (OSError, ProtocolError) as error:
            self._stop()
            self._start_failure = str(error)

    def _start(self) -> None:
        if self._stderr is None:
            # Lives as long as the adapter (closed in `close`), across restarts.
            self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        self._stderr.seek(0)
        self._stderr.truncate()
        self._process = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, bufsize=0
        )
        self._buffer = b""
        line = self._read_line(STARTUP_TIMEOUT, "the hello line")
        try:
            hello = json.loads(line)["hello"]
            self._hello = hello
            self.name = str(hello.get("name", self.name))
            self.version = str(hello.get("version", "?"))
            self.namespaces = frozenset(hello.get("namespaces", self.namespaces))
            self.dtypes = frozenset(hello.get("dtypes", self.dtypes))
            self.handles = bool(hello.get("handles", False))
        except (ValueError, KeyError, TypeError):
            raise ProtocolError(f"the first line is not a hello: {_clip(line)}") from None

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            try:
                process.kill()
                process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
            for stream in (process.stdin, process.stdout):
                if stream:
                    stream.close()
        self._buffer = b""
        self._kept_in_case = False

    def close(self) -> None:
        if self._process is not None and self._process.poll() is None:
            try:
                self._process.stdin.close()
                self._process.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._stop()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def stderr_tail(self, limit: int = 400) -> str:
        if self._stderr is None:
            return ""
        self._stderr.seek(0, os.SEEK_END)
        size = self._stderr.tell()
        self._stderr.seek(max(0, size - limit))
        return self._stderr.read().decode("utf-8", "replace").strip()

    # --- Lines --------------------------------------------------------------------------

    def _read_line(self, timeout: float, waiting_for: str) -> str:
        process = self._process
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise ProtocolError(
                        f"no reply within {timeout:g} s while waiting for {waiting_for} (a hang?)"
                    )
                chunk = os.read(process.stdout.fileno(), 65536)
                if not chunk:
                    code = process.wait(timeout=5)
                    raise ProtocolError(
                        f"the program exited (status {code}) while waiting for {waiting_for}"
                    )
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode("utf-8", "replace")

    def _exchange(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request, read its one reply (checked: JSON, an object, the right id)."""
        self._process.stdin.write((json.dumps(message) + "\n").encode("utf-8"))
        self._process.stdin.flush()
        line = self._read_line(self.timeout, f"the reply to request {message['id']}")
        try:
            reply = json.loads(line)
        except ValueError:
            raise ProtocolError(
                f"the program printed a line that is not JSON: {_clip(line)}"
            ) from None
        if not isinstance(reply, dict):
            raise ProtocolError(f"a reply must be a JSON object, got: {_clip(line)}")
        if reply.get("id") != message["id"]:
            raise ProtocolError(
                f"the reply has id {reply.get('id')!r} but the request had id "
                f"{message['id']}: {_clip(line)}"
            )
        return reply

    # --- Requests -------------------------------------------------------------------------

    def call(self, request: Request) -> Reply:
        self._ensure_started()
        if self._start_failure:
            return Reply.crash(
                f"the program could not start: {self._start_failure}" + self._stderr_note()
            )
        self._next_id += 1
        message: dict[str, Any] = {
            "id": self._next_id,
            "namespace": request.namespace,
            "op": request.op,
            "args": [_encode(a) for a in request.args],
            "kwargs": {k: _encode(x) for k, x in request.kwargs.items()},
        }
        if request.observe:
            message["observe"] = sorted(o.value for o in request.observe)
        if request.keep and self.handles:
            message["keep"] = True
            self._kept_in_case = True
        try:
            return _reply_of(self._exchange(message))
        except (OSError, ProtocolError) as error:
            text = f"{error}{self._stderr_note()}"
            self._stop()
            return Reply.crash(text + "; the program was restarted")

    def end_case(self) -> None:
        if not self._kept_in_case or self._process is None:
            return
        self._kept_in_case = False
        self._next_id += 1
        try:
            self._exchange({"id": self._next_id, "release": True})
        except (OSError, ProtocolError):
            self._stop()

    def _stderr_note(self) -> str:
        tail = self.stderr_tail()
        return f" (stderr: {_clip(tail)})" if tail else ""

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "command": self.command, "handles": self.handles}


def _encode(value: Any) -> Any:
    return codec.encode(value, b64=_large(value))


def _large(value: Any) -> bool:
    return any(isinstance(x, v.TensorValue) and x.data.size > B64_ABOVE for x in v.walk(value))


def _reply_of(raw: dict[str, Any]) -> Reply:
    """The `Reply` for a reply line (its shape checked)."""
    try:
        if "unsupported" in raw:
            return Reply.unsupported(str(raw["unsupported"]))
        if "error" in raw:
            error = raw["error"]
            if isinstance(error, dict):
                return Reply(
                    Status.ERROR,
                    error=str(error.get("error")),
                    message=str(error.get("message", "")),
                )
            return Reply(Status.ERROR, error=str(error))
        if "result" not in raw:
            raise ProtocolError(
                f"a reply needs result, error or unsupported: {_clip(json.dumps(raw))}"
            )
        observed: dict[str, Any] = {}
        if "args_after" in raw:
            observed["args_after"] = tuple(codec.decode(a) for a in raw["args_after"])
        for key in ("same_as_arg", "aliases_arg", "aliases_components", "stdout"):
            if key in raw:
                observed[key] = raw[key]
        if "handles" in raw:
            kept = raw["handles"]
            observed["kept"] = Kept(
                tuple(kept.get("args", ())), kept.get("result"), tuple(kept.get("components", ()))
            )
        return Reply(Status.RESULT, value=codec.decode(raw["result"], ("result",)), **observed)
    except codec.CodecError as error:
        raise ProtocolError(f"the reply holds a malformed value: {error}") from None
    except (AttributeError, TypeError) as error:
        raise ProtocolError(f"the reply is malformed ({error}): {_clip(json.dumps(raw))}") from None


def _clip(text: str, limit: int = 300) -> str:
    text = text if len(text) <= limit else text[:limit] + "..."
    return repr(text)
