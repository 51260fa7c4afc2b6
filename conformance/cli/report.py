"""`nx-conformance report`: the HTML compatibility report of result files, one column per
run, and a Markdown summary of the first; how `run --html` renders its own run too.

The commands of this package are the composition root: the only place that reaches
`reports/`, which itself reads result files and nothing else of the project.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence
from pathlib import Path

from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK, UsageError
from reports import html, model, summary
from reports.baseline import Baseline, read_baseline
from reports.runs import Run, pass_rates, read_runs


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.results(parser, "results files (one per column)")
    options.html(parser, "the report")
    options.baseline(
        parser, "a baseline YAML or earlier results of the first implementation: list changes"
    )
    options.summary_md(parser, "a one-paragraph summary of the first results file")
    options.repo_url(parser)


def run(args: argparse.Namespace) -> int:
    runs = read_runs(args.results)
    baseline = read_baseline(args.baseline) if args.baseline else None
    if not (args.html or args.summary_md):
        raise UsageError("report needs --html FILE and/or --summary-md FILE")
    if args.html:
        write_html(args.html, runs, baseline, args.repo_url)
        print(f"report of {len(runs)} run(s) written to {args.html}")
    if args.summary_md:
        write_summary(args.summary_md, runs[0])
    return EXIT_OK


def write_html(
    path: Path, runs: Sequence[Run], baseline: Baseline | None, repo_url: str | None
) -> None:
    """The report of `runs`, with the changes since `baseline` (judged as the gate does)."""
    html.write(
        model.build(list(runs), baseline),
        path,
        baseline_label=baseline.label if baseline else None,
        repo_url=repo_url,
    )


def write_summary(path: Path, run: Run) -> None:
    options.write_text(path, summary.markdown(run))


def rates_text(counts: Mapping[str, int]) -> str:
    """The pass rate and the answered pass rate of outcome counts, for a summary line."""
    rate, answered = pass_rates(counts)
    shown = ["n/a" if r is None else f"{100 * r:.1f}%" for r in (rate, answered)]
    return f"pass rate {shown[0]}, answered pass rate {shown[1]}"


COMMAND = Command("report", "HTML compatibility report from result files", add_arguments, run)
