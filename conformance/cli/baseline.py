"""`nx-conformance baseline`: write the baseline (the expected outcome of every case) of
one run, keeping the triage of an older baseline's entries that still do not pass."""

from __future__ import annotations

import argparse
import sys

from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK
from reports import baseline as baselines


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.results(parser, "results files: one run, or the shards of one run")
    options.output(parser, "the baseline", required=True)
    options.path(
        parser,
        "--keep-triage",
        metavar="OLD",
        help="keep the category and reason of OLD's entries that still do not pass",
    )
    parser.add_argument(
        "--triage-cited",
        action="store_true",
        help="triage a new known failure whose case cites its passage as upstream, with its "
        "evidence and citations as the reason",
    )


def run(args: argparse.Namespace) -> int:
    keep = baselines.read_baseline(args.keep_triage) if args.keep_triage else None
    run = options.one_run(args.results)
    written = baselines.baseline_of(run, keep, triage_cited=args.triage_cited)
    baselines.write_baseline(written, args.output)
    known = sum(e.known_failure for e in written.cases.values())
    untriaged = written.untriaged()
    print(
        f"baseline of {len(written.cases)} cases ({known} known failures, "
        f"{len(untriaged)} without category and reason) written to {args.output}"
    )
    if keep is not None and untriaged:
        print(f"{len(untriaged)} known failure(s) without category and reason:", file=sys.stderr)
        for case_id, outcome in untriaged:
            print(f"  UNTRIAGED   {case_id} ({outcome})", file=sys.stderr)
    return EXIT_OK


COMMAND = Command("baseline", "write the baseline (expectations) of a run", add_arguments, run)
