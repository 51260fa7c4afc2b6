"""`nx-conformance adapters`: what `--adapter` accepts: the names of the implementations
(with their state, for what is built) and the forms (`adapters/discovery.py`)."""

from __future__ import annotations

import argparse

from adapters.discovery import FORMS, available
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """No options."""


def run(args: argparse.Namespace) -> int:
    rows = [*sorted(available().items()), *FORMS.items()]
    width = max(len(name) for name, _ in rows)
    for name, origin in rows:
        print(f"{name:{width}}  {origin}")
    return EXIT_OK


COMMAND = Command(
    "adapters", "list the adapters that can be named with --adapter", add_arguments, run
)
