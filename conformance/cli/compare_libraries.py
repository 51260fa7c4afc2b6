"""`nx-conformance compare-libraries LIBRARY`: another library's cases run through their Nx
counterparts (`conformance/counterparts.py`), a Markdown table of where the two differ.
The libraries are those of the registry with a counterpart table
(`adapters.registry.with_counterparts`)."""

from __future__ import annotations

import argparse

from adapters import registry
from conformance import counterparts
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK, UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    libraries = sorted(registry.with_counterparts())
    parser.add_argument(
        "library",
        choices=libraries,
        metavar="LIBRARY",
        help=f"the other library: {', '.join(libraries)}",
    )
    options.implementation(parser, "--against", default="reference", help="the Nx implementation")
    options.spec(parser)
    options.timeouts(parser)
    options.output(parser, "the table")


def run(args: argparse.Namespace) -> int:
    table = counterparts.load_table(registry.with_counterparts()[args.library])
    spec = options.load(args)
    with options.started(args, args.against) as (adapter,):
        try:
            summaries = counterparts.compare(spec.cases, table, adapter)
        except ValueError as error:  # a case of the library with no entry in the table
            raise UsageError(str(error)) from None
    text = counterparts.render(summaries, args.library, args.against) + "\n"
    if args.output:
        options.write_text(args.output, text)
    else:
        print(text, end="")
    return EXIT_OK


COMMAND = Command(
    "compare-libraries",
    "run another library's cases through their Nx counterparts: where they differ",
    add_arguments,
    run,
)
