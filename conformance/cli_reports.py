"""The report commands of `nx-conformance`: report, gate, baseline (and `run --html`).

    nx-conformance report RESULTS.json [RESULTS.json ...] --html OUT.html [--baseline B]
                          [--summary-md FILE]
    nx-conformance gate --baseline BASELINE RESULTS.json [--min-pass-rate R]
                        [--namespace-min NS=R ...] [--summary-md FILE]
    nx-conformance baseline RESULTS.json -o BASELINE.yaml

This module and `cli` are the composition root: the only place that reaches `reports/`,
which itself reads result files and nothing else of the project.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from reports import baseline as baselines
from reports import gate as gates
from reports import html, model, summary
from reports.runs import ResultFileError, Run, read_run, read_runs, run_of

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_commands(commands: argparse._SubParsersAction) -> None:
    report = commands.add_parser("report", help="HTML compatibility report from result files")
    report.add_argument("results", nargs="+", type=Path, help="results files (one per column)")
    report.add_argument("--html", type=Path, metavar="FILE", help="write the HTML report here")
    report.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="an earlier results file of the first implementation: list changes",
    )
    report.add_argument(
        "--summary-md",
        type=Path,
        metavar="FILE",
        help="one-paragraph Markdown summary of the first results file",
    )

    gate = commands.add_parser("gate", help="fail when a run regresses against its baseline")
    gate.add_argument("results", type=Path, help="the results file to judge")
    gate.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="baseline YAML (nx-conformance baseline) or an earlier results file",
    )
    gate.add_argument(
        "--min-pass-rate", type=_rate, metavar="R", help="minimum overall pass rate (0.9 or 90%%)"
    )
    gate.add_argument(
        "--namespace-min",
        action="append",
        default=[],
        metavar="NS=R",
        help="minimum pass rate of one namespace, e.g. nx=0.95 (repeatable)",
    )
    gate.add_argument("--summary-md", type=Path, metavar="FILE", help="write a Markdown summary")

    base = commands.add_parser("baseline", help="write the expectations file of a run")
    base.add_argument("results", type=Path)
    base.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")


def add_run_options(run: argparse.ArgumentParser) -> None:
    run.add_argument("--html", type=Path, metavar="FILE", help="write an HTML report of this run")
    run.add_argument("--summary-md", type=Path, metavar="FILE", help="write a Markdown summary")
    run.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="earlier results of this implementation, for the report's diff",
    )


def _rate(text: str) -> float:
    value = float(text.rstrip("%")) / (100 if text.endswith("%") else 1)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(
            f"a pass rate is between 0 and 1 (or 0% and 100%), got {text}"
        )
    return value


def after_run(args: argparse.Namespace, document: dict[str, Any]) -> None:
    """`run --html / --summary-md`: render the run that just finished."""
    if not (args.html or args.summary_md):
        return
    run = run_of(document, document["results"], path=str(args.json or ""))
    baseline = read_run(args.baseline) if args.baseline else None
    if args.html:
        html.write(
            model.build([run], baseline),
            args.html,
            baseline_label=baseline.label if baseline else None,
        )
        print(f"report written to {args.html}")
    if args.summary_md:
        args.summary_md.write_text(summary.markdown(run), encoding="utf-8")


def report_command(args: argparse.Namespace) -> int:
    try:
        runs = read_runs(args.results)
        baseline = read_run(args.baseline) if args.baseline else None
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    if not (args.html or args.summary_md):
        print("nx-conformance: report needs --html FILE and/or --summary-md FILE", file=sys.stderr)
        return EXIT_USAGE
    if args.html:
        html.write(
            model.build(runs, baseline),
            args.html,
            baseline_label=baseline.label if baseline else None,
        )
        print(f"report of {len(runs)} run(s) written to {args.html}")
    if args.summary_md:
        args.summary_md.write_text(summary.markdown(runs[0]), encoding="utf-8")
    return EXIT_OK


def gate_command(args: argparse.Namespace) -> int:
    try:
        run = read_run(args.results)
        label, expected = baselines.read_expectations(args.baseline) if args.baseline else ("", {})
        minimums = dict(_namespace_minimum(item) for item in args.namespace_min)
    except (ResultFileError, ValueError) as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    if not args.baseline and args.min_pass_rate is None and not minimums:
        print("nx-conformance: gate needs --baseline and/or a pass-rate threshold", file=sys.stderr)
        return EXIT_USAGE
    result = gates.gate(
        expected, run, min_pass_rate=args.min_pass_rate, namespace_minimums=minimums
    )
    print(gates.render(result, f"{run.label} against {label}" if label else run.label))
    if args.summary_md:
        args.summary_md.write_text(summary.markdown(run, result), encoding="utf-8")
    return EXIT_OK if result.ok else EXIT_FAILED


def _namespace_minimum(text: str) -> tuple[str, float]:
    namespace, _, rate = text.partition("=")
    if not namespace or not rate:
        raise ValueError(f"--namespace-min takes NS=R (e.g. nx=0.95), got {text!r}")
    try:
        return namespace, _rate(rate)
    except argparse.ArgumentTypeError as error:
        raise ValueError(str(error)) from None


def baseline_command(args: argparse.Namespace) -> int:
    try:
        run: Run = read_run(args.results)
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    baselines.write_baseline(run, args.output)
    known = sum(outcome != "pass" for outcome in baselines.expectations(run).values())
    print(f"baseline of {run.total} cases ({known} known failures) written to {args.output}")
    return EXIT_OK


COMMANDS = {"report": report_command, "gate": gate_command, "baseline": baseline_command}
