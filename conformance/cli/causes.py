"""`nx-conformance causes`: the failing cases of each run grouped by cause, biggest first
(`reports/causes.py`)."""

from __future__ import annotations

import argparse
import json

from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK
from reports import causes as clusters
from reports.runs import read_runs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.results(parser, "results files")
    options.json(parser, "the causes")
    parser.add_argument(
        "--limit", type=int, default=15, metavar="N", help="causes printed per run (default 15)"
    )


def run(args: argparse.Namespace) -> int:
    found = [clusters.cluster(run) for run in read_runs(args.results)]
    if args.json:
        document = {"runs": [c.to_json() for c in found]}
        options.write_text(args.json, json.dumps(document, indent=1) + "\n")
    print("\n\n".join(clusters.render(c, limit=args.limit) for c in found))
    return EXIT_OK


COMMAND = Command("causes", "failing cases grouped by cause, biggest first", add_arguments, run)
