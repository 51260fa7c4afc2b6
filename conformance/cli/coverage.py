"""`nx-conformance coverage`: the documented functions and worked examples that have cases
(`conformance/coverage.py`)."""

from __future__ import annotations

import argparse

from conformance import coverage
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK, EXIT_USAGE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.spec(parser)


def run(args: argparse.Namespace) -> int:
    spec = options.load(args)
    options.print_problems(spec)
    print(coverage.render(coverage.measure(spec.cases)))
    return EXIT_USAGE if spec.problems else EXIT_OK


COMMAND = Command("coverage", "documented functions and examples with cases", add_arguments, run)
