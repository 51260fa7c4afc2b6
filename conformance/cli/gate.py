"""`nx-conformance gate`: judge one run (one results file, or the shards of one run)
against a baseline and/or pass-rate thresholds (`reports/gate.py`).

Exit status 0 when it passes, 1 when it fails, 2 when an input is wrong.
"""

from __future__ import annotations

import argparse

from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_FAILED, EXIT_OK, UsageError
from conformance.cli.report import rates_text
from reports import gate as gates
from reports import junit, summary
from reports.baseline import read_baseline
from reports.runs import missing_shards


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.results(parser, "results files: one run, or the shards of one run")
    options.baseline(parser, "baseline YAML (nx-conformance baseline) or an earlier results file")
    parser.add_argument(
        "--min-pass-rate", type=_rate, metavar="R", help="minimum overall pass rate (0.9 or 90%%)"
    )
    parser.add_argument(
        "--min-answered-pass-rate",
        type=_rate,
        metavar="R",
        help="minimum pass rate over answered cases: pass / (cases - unsupported - skip)",
    )
    parser.add_argument(
        "--namespace-min",
        action="append",
        default=[],
        metavar="NS=R",
        help="minimum pass rate of one namespace, e.g. nx=0.95 (repeatable)",
    )
    parser.add_argument(
        "--namespace-min-answered",
        action="append",
        default=[],
        metavar="NS=R",
        help="minimum answered pass rate of one namespace (repeatable)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="a known failure that now passes (a stale baseline entry) fails the gate",
    )
    parser.add_argument(
        "--require-triage",
        action="store_true",
        help="a known failure without category and reason fails the gate",
    )
    parser.add_argument(
        "--other-adapter",
        action="store_true",
        help="accept a baseline taken of another adapter (refused by default)",
    )
    options.junit(parser, "the gate's verdict per case")
    options.summary_md(parser, "a summary")


def run(args: argparse.Namespace) -> int:
    thresholds = _thresholds(args)
    if not args.baseline and not thresholds:
        raise UsageError("gate needs --baseline and/or a pass-rate threshold")
    if not args.baseline and (args.strict or args.require_triage):
        raise UsageError("--strict and --require-triage judge known failures: give --baseline")
    baseline = read_baseline(args.baseline) if args.baseline else None
    run = options.one_run(args.results)
    if not run.results:
        raise UsageError(f"{run.path}: no results: nothing to judge")
    other = baseline and baseline.adapter and baseline.adapter != run.label
    if other and not args.other_adapter:
        raise UsageError(
            f"{args.baseline} is the baseline of {baseline.adapter}, not of {run.label}; "
            "give --other-adapter to gate one implementation on another's baseline"
        )
    result = gates.gate(
        baseline, run, thresholds, strict=args.strict, require_triage=args.require_triage
    )
    label = f"{run.label} against {baseline.label}" if baseline else run.label
    print(f"{run.label}: {run.total} cases, {rates_text(run.counts)}")
    missing = missing_shards(run)
    if missing and result.of(gates.Kind.MISSING):
        print(f"shard(s) {', '.join(missing)} of this run are not among the results files")
    print(gates.render(result, label))
    if args.junit:
        junit.write(result, label, args.junit)
    if args.summary_md:
        options.write_text(args.summary_md, summary.markdown(run, result))
    return EXIT_OK if result.ok else EXIT_FAILED


def _thresholds(args: argparse.Namespace) -> list[gates.Threshold]:
    overall = [(args.min_pass_rate, False), (args.min_answered_pass_rate, True)]
    found = [gates.Threshold(r, answered=answered) for r, answered in overall if r is not None]
    found += [_namespace_minimum(item, answered=False) for item in args.namespace_min]
    found += [_namespace_minimum(item, answered=True) for item in args.namespace_min_answered]
    return found


def _namespace_minimum(text: str, *, answered: bool) -> gates.Threshold:
    option = "--namespace-min-answered" if answered else "--namespace-min"
    namespace, _, rate = text.partition("=")
    if not namespace or not rate:
        raise UsageError(f"{option} takes NS=R (e.g. nx=0.95), got {text!r}")
    try:
        return gates.Threshold(_rate(rate), namespace=namespace, answered=answered)
    except (argparse.ArgumentTypeError, ValueError) as error:
        raise UsageError(f"{option} {text}: {error}") from None


def _rate(text: str) -> float:
    value = float(text.rstrip("%")) / (100 if text.endswith("%") else 1)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(
            f"a pass rate is between 0 and 1 (or 0% and 100%), got {text}"
        )
    return value


COMMAND = Command(
    "gate",
    "fail when a run regresses against its baseline",
    add_arguments,
    run,
    description=(
        "Judge a run (one results file, or the shards of one run) against a baseline and/or "
        "pass-rate thresholds. Exit 0 when it passes, 1 when it fails, 2 when an input is wrong."
    ),
)
