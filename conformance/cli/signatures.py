"""`nx-conformance signatures`: each op's positional arguments and labels as a Markdown
table (`conformance/signatures.py`), printed or kept up to date in a file."""

from __future__ import annotations

import argparse

from conformance import signatures
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK, EXIT_USAGE


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.spec(parser)
    options.path(
        parser,
        "--write",
        help="replace the table between its marker lines in FILE (adapters/protocol.md)",
    )


def run(args: argparse.Namespace) -> int:
    spec = options.load(args)
    options.print_problems(spec)
    if args.write:
        changed = signatures.write(args.write, spec.cases)
        print(f"{args.write}: {'table updated' if changed else 'table up to date'}")
    else:
        print(signatures.markdown(signatures.table(spec.cases)))
    return EXIT_USAGE if spec.problems else EXIT_OK


COMMAND = Command(
    "signatures",
    "each op's positional arguments and labels, as a Markdown table",
    add_arguments,
    run,
)
