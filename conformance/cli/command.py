"""What a command is: the record each command module ends with, `COMMAND`, from which
`conformance.cli` builds its parser."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    name: str  # as it is typed: `compare-libraries`
    help: str  # its line in `nx-conformance --help`
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]  # the exit status; or it raises (errors.py)
    description: str | None = None  # what `nx-conformance NAME --help` says besides
