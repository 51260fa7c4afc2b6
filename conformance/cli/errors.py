"""How a command ends: the exit statuses, declared once, and what a command raises.

A command returns `EXIT_OK`, `EXIT_FAILED` (a case, a gate, a mutant failed) or
`EXIT_USAGE` when it did its work but an input had problems it listed (a spec with broken
cases). Anything that stops it raises, and `conformance.cli.main` alone prints the one
line `nx-conformance: MESSAGE` and chooses the status: `USAGE_ERRORS` (a wrong command
line or input, an implementation that cannot run or be built, a result file that cannot
be read) 2, Ctrl-C 130, SIGTERM 143, a reader that went away (`| head`) 141, an output
file that cannot be written 2 (`FILE: reason`).
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Iterator

from adapters.base import AdapterError
from adapters.build import SetupError
from reports.runs import ResultFileError

PROG = "nx-conformance"

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports `| head` closing early
EXIT_TERMINATED = 143  # 128 + SIGTERM, what a CI system sends to cancel a job


class UsageError(Exception):
    """The command line or an input is wrong: exit 2. Each argument is one message,
    printed as `nx-conformance: MESSAGE`."""


# What ends a command with exit 2 and its message: a mistake of the user's, an
# implementation that cannot run (AdapterError) or be built (SetupError), a result or
# baseline file that cannot be read (ResultFileError).
USAGE_ERRORS = (UsageError, AdapterError, SetupError, ResultFileError)


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the command stops, keeps what it finished, ends the
    programs it started, and says so in one line. An interrupt's message, if it has one,
    says what was kept."""


@contextlib.contextmanager
def terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM raises `Terminated` in the main thread while the block runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum, frame):
        raise Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def say(message: str) -> None:
    """One line on stderr, `nx-conformance: MESSAGE`: what stopped a command (`main`
    alone), or a warning that does not."""
    print(f"{PROG}: {message}", file=sys.stderr)
