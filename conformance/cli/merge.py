"""`nx-conformance merge`: the shards of one run as one results file."""

from __future__ import annotations

import argparse
import json

from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK
from reports.runs import document_of


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.results(parser, "the shards' results files")
    options.output(parser, "the merged results", required=True)


def run(args: argparse.Namespace) -> int:
    run = options.one_run(args.results)
    options.write_text(args.output, json.dumps(document_of(run), indent=1) + "\n")
    print(f"{run.total} results of {len(args.results)} file(s) merged into {args.output}")
    return EXIT_OK


COMMAND = Command("merge", "merge the shards of one run into one results file", add_arguments, run)
