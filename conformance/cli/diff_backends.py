"""`nx-conformance diff-backends`: each selected case's call on two implementations, and
where their replies differ, whatever the spec expects (`conformance/backend_diff.py`).
Exit status 0 when no case differs, 1 when some do."""

from __future__ import annotations

import argparse
import json

from conformance import backend_diff, runner
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_FAILED, EXIT_OK, UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.implementation(parser, "--adapter", default=None, help="one implementation (A)")
    options.implementation(parser, "--against", default=None, help="the other implementation (B)")
    options.spec(parser)
    options.select(parser)
    parser.add_argument("--exact", action="store_true", help="compare float elements bit-exactly")
    options.json(parser, "every difference")
    parser.add_argument(
        "--examples", type=int, default=2, metavar="N", help="inputs shown per op and kind"
    )
    parser.add_argument("--top", type=int, default=25, metavar="N", help="ops listed")
    options.timeouts(parser)


def run(args: argparse.Namespace) -> int:
    spec = options.load(args, args.select)
    cases = runner.select(spec.cases, args.select)
    if not cases:
        raise UsageError("no case selected")
    with options.started(args, args.adapter, args.against) as (mine, theirs):
        report = backend_diff.diff(cases, mine, theirs, exact=args.exact)
    print(backend_diff.render(report, examples=args.examples, top=args.top))
    if args.json:
        options.write_text(args.json, json.dumps(report.to_json(), indent=1) + "\n")
    return EXIT_FAILED if report.differences else EXIT_OK


COMMAND = Command(
    "diff-backends",
    "run each case's call on two implementations and list where their replies differ",
    add_arguments,
    run,
    description=(
        "A differential view that needs no spec expectation: values, dtypes, shapes, raised "
        "kinds, effects on arguments, grouped by op and by kind."
    ),
)
