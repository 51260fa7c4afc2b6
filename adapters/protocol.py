"""`cmd:` adapters: a program in any language that speaks the wire protocol.

The protocol is described in full in `adapters/protocol.md`: JSON Lines on the
program's stdin/stdout, a `hello` line first, then one reply line per request.

The runner keeps one process alive across cases. Whatever the program does on a case,
the run goes on: a reply that does not come within the timeout (a hang), a process that
dies, a line that is not JSON, a reply with the wrong id or of the wrong shape — each is
a `crash` reply (the case's `error` outcome) whose message says what happened and shows
the offending text and the tail of the program's stderr; the process is then killed and
started again for the next case, so one bad case never poisons another.

A program that cannot run cases at all stops the run instead (`CannotStart`), after one
attempt: it cannot be executed, exits or closes its stdout before its hello, prints no
hello within the start timeout, prints a first line that is not a hello or a hello that
does not parse, or has been started `STARTS_WITHOUT_ANSWER` times in a row without
answering one request and, started once more, does not answer a probe either: a request
for an op no program implements (`PROBE_OP`), which a working program answers
`unsupported`. So a program that crashes on every request stops the run, while one that
meets several inputs in a row that crash it (an integer division by zero in each integer
dtype) goes on.

Isolation (`isolate=True`, `--isolate`): each case in a clean process, so that a program
that corrupts its own memory on one case cannot change the outcome of another. The
program is started with NX_CONFORMANCE_ISOLATION=fork in its environment; one whose hello
answers `"isolation": "fork"` is a fork server (section 6 of the protocol): it stays up,
forks a child for each case and reports a child that dies as that case's crash
(`crashed`), which the runner words as it words a dead process, so a case has the same
outcome and failure signature either way. Any other program is started afresh for every
case.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from typing import Any

from adapters import codec
from adapters import values as v
from adapters.base import Adapter, AdapterError, Fault, Kept, Observe, Reply, Request, Status

DEFAULT_TIMEOUT = 5.0  # seconds to answer one request (--timeout)
DEFAULT_START_TIMEOUT = 10.0  # seconds to print the hello line (--start-timeout)
STARTS_WITHOUT_ANSWER = 5  # starts in a row with no request answered: probe the program
PROBE_OP = "nx-conformance probe"  # an op no program implements: answered `unsupported`
B64_ABOVE = 64  # tensors with more elements travel as base64 bytes
# In a program's environment under isolation: `fork` asks it to be a fork server (protocol
# section 6). Set to `process` in the runner's own environment, it is passed on as it is:
# a process per case even for a program that can fork (benchmarks/isolation.py).
ISOLATION_VARIABLE = "NX_CONFORMANCE_ISOLATION"
MAX_LINE_BYTES = 512 * 2**20  # the longest line a program may print (a reply of 512 MiB)


class ProtocolError(Exception):
    """The program broke the protocol; the message says how, `fault` which way."""

    def __init__(self, message: str, fault: Fault = Fault.MALFORMED):
        super().__init__(message)
        self.fault = fault


class NoReply(ProtocolError):
    """Nothing came within the time limit."""

    def __init__(self, message: str):
        super().__init__(message, Fault.TIMEOUT)


class CaseCrashed(ProtocolError):
    """A fork server's child died in the middle of its case (the server itself is fine)."""

    def __init__(self, message: str):
        super().__init__(message, Fault.EXITED)


class CannotStart(AdapterError):
    """The program cannot run cases, so the run stops: the message names the command, says
    what happened and ends with the tail of the program's stderr, as text."""


class ProtocolAdapter(Adapter):
    """Runs cases on a program that speaks the wire protocol."""

    def __init__(
        self,
        command: str,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        start_timeout: float = DEFAULT_START_TIMEOUT,
        isolate: bool = False,
    ):
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise AdapterError(f"cannot read the command cmd:{command}: {error}") from None
        if not self.argv:
            raise AdapterError("cmd: names no program: write cmd:PROGRAM ARGS")
        if timeout <= 0 or start_timeout <= 0:
            raise ValueError(f"time limits must be positive, got {timeout} and {start_timeout}")
        self.command = command
        self.timeout = timeout
        self.start_timeout = start_timeout
        # Each case in a fresh process: a program that corrupts its own memory on some call
        # cannot change the outcome of the cases after it.
        self.isolate = isolate
        self.name = f"cmd:{command}"
        self._process: subprocess.Popen | None = None
        self._stderr = None
        self._buffer = bytearray()
        self._next_id = 0
        self._kept_in_case = False
        self._starts_unanswered = 0  # starts since the program last answered a request
        self._last_crash = ""
        self._hello: dict[str, Any] = {}
        # Fork isolation (protocol section 6): on while the running program is a fork
        # server (asked in its environment, said in its hello).
        self._forking = False
        self._case_open = False  # a request of the current case has gone to the server
        try:
            self._start()
        except CannotStart:
            self.close()
            raise

    # --- Process life ---------------------------------------------------------------

    def _ensure_started(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        self._stop()
        probe = self._starts_unanswered >= STARTS_WITHOUT_ANSWER
        self._start()
        if probe and not self._answers_a_probe():
            raise self._cannot_start(
                f"it was started {self._starts_unanswered - 1} times in a row and crashed each "
                f"time without answering a request, and once more it did not answer a probe: "
                f"{self._last_crash}"
            )

    def _answers_a_probe(self) -> bool:
        """Whether the program answers a request for `PROBE_OP` (any reply resets the count
        of starts without an answer). Under fork isolation the probe is a case of its own."""
        self._next_id += 1
        namespace = min(self.namespaces, default="nx")
        message = {"id": self._next_id, "namespace": namespace, "op": PROBE_OP, "args": [],
                   "kwargs": {}}
        try:
            self._exchange(message)
        except CaseCrashed as error:
            self._last_crash = f"{error} (the probe)"
            return False
        except (OSError, ProtocolError) as error:
            self._last_crash = f"{error} (the probe)"
            self._stop()
            return False
        if self._forking:
            self._release()
        return True

    def _begin_case(self) -> None:
        """Before a case's first request to a fork server: the stderr tail shown for this
        case is this case's (as a fresh process's would be), and a server whose cases have
        crashed `STARTS_WITHOUT_ANSWER` times in a row without answering must answer a
        probe to go on."""
        self._case_open = True
        self._stderr.seek(0)
        self._stderr.truncate()
        if self._starts_unanswered >= STARTS_WITHOUT_ANSWER and not self._answers_a_probe():
            raise self._cannot_start(
                f"its cases crashed {self._starts_unanswered} times in a row without "
                f"answering a request, and it did not answer a probe either: {self._last_crash}"
            )

    def _start(self) -> None:
        """Start the program and read its hello, or raise `CannotStart`."""
        if self._stderr is None:
            # Lives as long as the adapter (closed in `close`), across restarts.
            self._stderr = tempfile.TemporaryFile()  # noqa: SIM115
        self._stderr.seek(0)
        self._stderr.truncate()
        self._starts_unanswered += 1
        try:
            self._process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                bufsize=0,
                env=self._environment(),
            )
        except OSError as error:
            what = f"cannot execute {self.argv[0]!r}: {error.strerror}"
            raise self._cannot_start(what, ran=False) from None
        self._buffer = bytearray()
        try:
            self._read_hello(self._read_line(self.start_timeout, "its hello line"))
        except NoReply as error:
            self._stop()
            raise self._cannot_start(f"{error}; --start-timeout gives it longer") from None
        except (OSError, ProtocolError) as error:
            self._stop()
            raise self._cannot_start(str(error)) from None

    def isolate_cases(self) -> None:
        """From now on, each case in a clean process (`isolate=True`): the program is
        started again, asked for fork isolation (section 6 of the protocol)."""
        if self.isolate:
            return
        self.isolate = True
        self._stop()
        try:
            self._start()
        except CannotStart:
            self.close()
            raise

    def _environment(self) -> dict[str, str]:
        """The program's environment: under isolation it is asked for fork isolation
        (unless this process's environment already says which), otherwise never."""
        env = dict(os.environ)
        if self.isolate:
            env.setdefault(ISOLATION_VARIABLE, "fork")
        else:
            env.pop(ISOLATION_VARIABLE, None)
        return env

    @property
    def isolation(self) -> str | None:
        """How cases are isolated: `fork` (a fork server), `process` (a process per case)
        or None (one process for the run)."""
        if not self.isolate:
            return None
        return "fork" if self._forking else "process"

    def _read_hello(self, line: str) -> None:
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if not isinstance(message, dict) or "hello" not in message:
            raise ProtocolError(f"its first line is not a hello: {_clip(line)}")
        hello = message["hello"]
        problem = _hello_problem(hello)
        if problem:
            raise ProtocolError(f"its hello does not parse ({problem}): {_clip(line)}")
        self._hello = hello
        self.name = str(hello.get("name", self.name))
        self.version = str(hello.get("version", "?"))
        self.namespaces = frozenset(hello.get("namespaces", self.namespaces))
        self.dtypes = frozenset(hello.get("dtypes", self.dtypes))
        self.handles = hello.get("handles", False)
        self._forking = self.isolate and hello.get("isolation") == "fork"
        self.views = hello.get("views", True)

    def _cannot_start(self, what: str, *, ran: bool = True) -> CannotStart:
        tail = self.stderr_tail(limit=2000) if ran else ""
        shown = "\n".join("    " + line for line in tail.splitlines()[-20:])
        note = f"\n  its stderr ends with:\n{shown}" if tail else ""
        if ran and not tail:
            note = "\n  (it wrote nothing on stderr)"
        return CannotStart(f"cmd:{self.command} cannot run cases: {what}{note}")

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
        self._buffer = bytearray()
        self._kept_in_case = False
        self._forking = False
        self._case_open = False

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
        """One line, read at the pipe's speed: the buffer grows in place and only the bytes
        just read are searched for the line's end (an 80 MB reply takes a fraction of a
        second). A line longer than MAX_LINE_BYTES is refused, naming the limit."""
        process = self._process
        deadline = time.monotonic() + timeout
        searched = 0  # bytes of the buffer known to hold no newline
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while (end := self._buffer.find(b"\n", searched)) < 0:
                searched = len(self._buffer)
                if searched > MAX_LINE_BYTES:
                    raise ProtocolError(
                        f"a line longer than {MAX_LINE_BYTES // 2**20} MiB (the protocol's "
                        f"limit) while waiting for {waiting_for}",
                        Fault.MALFORMED,
                    )
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise NoReply(
                        f"no reply within {timeout:g} s while waiting for {waiting_for} (a hang?)"
                    )
                chunk = os.read(process.stdout.fileno(), 1 << 20)
                if not chunk:
                    try:
                        code = process.wait(timeout=5)
                    except subprocess.TimeoutExpired:
                        raise ProtocolError(
                            f"the program closed its stdout while waiting for {waiting_for}",
                            Fault.EXITED,
                        ) from None
                    raise ProtocolError(
                        f"the program exited (status {code}) while waiting for {waiting_for}",
                        Fault.EXITED,
                    )
                self._buffer += chunk
        line = bytes(self._buffer[:end])
        del self._buffer[: end + 1]
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
        if self._forking and "crashed" in reply:
            raise CaseCrashed(_crash_text(reply["crashed"], message["id"]))
        self._starts_unanswered = 0
        return reply

    # --- Requests -------------------------------------------------------------------------

    def call(self, request: Request) -> Reply:
        self._ensure_started()
        if self._forking and not self._case_open:
            self._begin_case()
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
            return _reply_of(self._exchange(message), request.observe)
        except CaseCrashed as error:
            # Worded as a dead process is (same outcome, same failure signature); the
            # server goes on, and the case's next process is a fresh child.
            self._last_crash = str(error)
            self._starts_unanswered += 1
            return Reply.crash(
                f"{error}{self._stderr_note()}; the program was restarted", Fault.EXITED
            )
        except (OSError, ProtocolError) as error:
            text = f"{error}{self._stderr_note()}"
            self._last_crash = str(error)
            self._stop()
            fault = error.fault if isinstance(error, ProtocolError) else Fault.EXITED
            return Reply.crash(text + "; the program was restarted", fault)

    def end_case(self) -> None:
        if self._forking:
            if self._case_open and self._process is not None:
                self._release()  # the case's child answers and exits
            self._case_open = False
            return
        if self.isolate:
            self._stop()  # the next case starts the program afresh; nothing to release
            return
        if not self._kept_in_case or self._process is None:
            return
        self._kept_in_case = False
        self._next_id += 1
        try:
            self._exchange({"id": self._next_id, "release": True})
        except (OSError, ProtocolError):
            self._stop()

    def _release(self) -> None:
        """End the case on a fork server. A child that died after its last answer is
        reported on the release, when the case's verdict is already given: nothing to do."""
        self._next_id += 1
        unanswered = self._starts_unanswered  # a release answered is no request answered
        try:
            self._exchange({"id": self._next_id, "release": True})
        except CaseCrashed:
            pass
        except (OSError, ProtocolError):
            self._stop()
        self._starts_unanswered = unanswered

    def _stderr_note(self) -> str:
        tail = self.stderr_tail()
        return f" (stderr: {_clip(tail)})" if tail else ""

    def describe(self) -> dict[str, Any]:
        return {
            **super().describe(),
            "command": self.command,
            "handles": self.handles,
            "isolate": self.isolate,
            "isolation": self.isolation,
        }


def _hello_problem(hello: Any) -> str | None:
    """What is wrong with a hello object (section 1 of the protocol), if anything."""
    if not isinstance(hello, dict):
        return "hello must be an object"
    for key in ("namespaces", "dtypes"):
        names = hello.get(key, [])
        if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
            return f"{key} must be a list of names"
    if not isinstance(hello.get("handles", False), bool):
        return "handles must be true or false"
    if not isinstance(hello.get("views", True), bool):
        return "views must be true or false"
    if not isinstance(hello.get("isolation", ""), str):
        return 'isolation must be a name ("fork")'
    return None


def _crash_text(crashed: Any, request_id: int) -> str:
    """A fork server's `crashed` report, worded as the runner words a process that died
    while it waited (`the program exited (status -11) while waiting for ...`)."""
    waiting = f"while waiting for the reply to request {request_id}"
    if isinstance(crashed, dict) and "signal" in crashed:
        name = crashed["signal"]
        try:
            number = name if isinstance(name, int) else signal.Signals[str(name)].value
        except KeyError:
            return f"the program was killed by {name} {waiting}"
        return f"the program exited (status {-int(number)}) {waiting}"
    if isinstance(crashed, dict) and isinstance(crashed.get("exit"), int):
        return f"the program exited (status {crashed['exit']}) {waiting}"
    if isinstance(crashed, dict) and "fork" in crashed:
        return f"the program could not fork a process for the case ({crashed['fork']}) {waiting}"
    return f"the program's process for the case died ({_clip(json.dumps(crashed))}) {waiting}"


def _encode(value: Any) -> Any:
    return codec.encode(value, b64=_large(value))


def _large(value: Any) -> bool:
    return any(isinstance(x, v.TensorValue) and x.data.size > B64_ABOVE for x in v.walk(value))


def _reply_of(raw: dict[str, Any], observe: frozenset[Observe] = frozenset()) -> Reply:
    """The `Reply` for a reply line (its shape checked).

    A program that answered is never restarted for what its answer holds: an element out
    of range for its dtype is a wrong answer (`invalid`: the case fails, saying which value
    where), an observation the request asked for and the reply lacks is an error of the
    case. A reply that is not a value at all is a broken protocol (`ProtocolError`)."""
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
        missing = [o.value for o in sorted(observe, key=lambda o: o.value) if o.value not in raw]
        if missing:
            return Reply.crash(
                f"the reply has no {', '.join(missing)}, which the request asked to observe "
                f"(a requested observation is never optional): {_clip(json.dumps(raw))}",
                Fault.MALFORMED,
            )
        observed: dict[str, Any] = {}
        if "args_after" in raw:
            observed["args_after"] = tuple(
                codec.decode(a, ("args_after", i)) for i, a in enumerate(raw["args_after"])
            )
        for key in ("same_as_arg", "aliases_arg", "aliases_components", "stdout"):
            if key in raw:
                observed[key] = raw[key]
        if "handles" in raw:
            kept = raw["handles"]
            observed["kept"] = Kept(
                tuple(kept.get("args", ())), kept.get("result"), tuple(kept.get("components", ()))
            )
        return Reply(Status.RESULT, value=codec.decode(raw["result"], ("result",)), **observed)
    except codec.OutOfRange as error:
        return Reply(Status.RESULT, invalid=str(error))
    except codec.CodecError as error:
        raise ProtocolError(
            f"the reply holds a malformed value: {error}: {_clip(json.dumps(raw))}"
        ) from None
    except (AttributeError, TypeError) as error:
        raise ProtocolError(f"the reply is malformed ({error}): {_clip(json.dumps(raw))}") from None


def _clip(text: str, limit: int = 300) -> str:
    text = text if len(text) <= limit else text[:limit] + "..."
    return repr(text)
