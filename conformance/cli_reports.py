"""The report commands of `nx-conformance`: report, gate, baseline (and `run --html`).

    nx-conformance report RESULTS.json [RESULTS.json ...] --html OUT.html [--baseline B]
                          [--summary-md FILE] [--repo-url URL]
    nx-conformance gate [--baseline BASELINE] RESULTS.json [RESULTS.json ...]
                        [--min-pass-rate R] [--min-answered-pass-rate R]
                        [--namespace-min NS=R ...] [--namespace-min-answered NS=R ...]
                        [--strict] [--require-triage] [--junit FILE] [--summary-md FILE]
    nx-conformance baseline RESULTS.json [RESULTS.json ...] -o BASELINE.yaml
                            [--keep-triage OLD.yaml]
    nx-conformance merge RESULTS.json [RESULTS.json ...] -o ALL.json
    nx-conformance causes RESULTS.json [RESULTS.json ...] [--json FILE] [--limit N]
    nx-conformance findings RESULTS.json --baseline BASELINE.yaml [--release RESULTS ...]
                            [--json FILE]

This module and `cli` are the composition root: the only place that reaches `reports/`,
which itself reads result files and nothing else of the project.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from conformance import citations
from reports import baseline as baselines
from reports import causes as clusters
from reports import findings as upstream
from reports import gate as gates
from reports import html, junit, model, summary
from reports.runs import (
    ResultFileError,
    Run,
    document_of,
    merge,
    missing_shards,
    pass_rates,
    read_run,
    read_runs,
    run_of,
)

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_commands(commands: argparse._SubParsersAction) -> None:
    report = commands.add_parser("report", help="HTML compatibility report from result files")
    report.add_argument("results", nargs="+", type=Path, help="results files (one per column)")
    report.add_argument("--html", type=Path, metavar="FILE", help="write the HTML report here")
    report.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="a baseline YAML or earlier results of the first implementation: list changes",
    )
    report.add_argument(
        "--summary-md",
        type=Path,
        metavar="FILE",
        help="one-paragraph Markdown summary of the first results file",
    )
    _repo_url_option(report)

    gate = commands.add_parser(
        "gate",
        help="fail when a run regresses against its baseline",
        description="Judge a run (one results file, or the shards of one run) against a "
        "baseline and/or pass-rate thresholds. Exit 0 when it passes, 1 when it fails, 2 when "
        "an input is wrong.",
    )
    gate.add_argument(
        "results", nargs="+", type=Path, help="results files: one run, or the shards of one run"
    )
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
        "--min-answered-pass-rate",
        type=_rate,
        metavar="R",
        help="minimum pass rate over answered cases: pass / (cases - unsupported - skip)",
    )
    gate.add_argument(
        "--namespace-min",
        action="append",
        default=[],
        metavar="NS=R",
        help="minimum pass rate of one namespace, e.g. nx=0.95 (repeatable)",
    )
    gate.add_argument(
        "--namespace-min-answered",
        action="append",
        default=[],
        metavar="NS=R",
        help="minimum answered pass rate of one namespace (repeatable)",
    )
    gate.add_argument(
        "--strict",
        action="store_true",
        help="a known failure that now passes (a stale baseline entry) fails the gate",
    )
    gate.add_argument(
        "--require-triage",
        action="store_true",
        help="a known failure without category and reason fails the gate",
    )
    gate.add_argument(
        "--other-adapter",
        action="store_true",
        help="accept a baseline taken of another adapter (refused by default)",
    )
    gate.add_argument(
        "--junit", type=Path, metavar="FILE", help="write the gate's verdict per case as JUnit XML"
    )
    gate.add_argument("--summary-md", type=Path, metavar="FILE", help="write a Markdown summary")

    base = commands.add_parser("baseline", help="write the baseline (expectations) of a run")
    base.add_argument(
        "results", nargs="+", type=Path, help="results files: one run, or the shards of one run"
    )
    base.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")
    base.add_argument(
        "--keep-triage",
        type=Path,
        metavar="OLD",
        help="keep the category and reason of OLD's entries that still do not pass",
    )
    base.add_argument(
        "--triage-cited",
        action="store_true",
        help="triage a new known failure whose case cites its passage as upstream, with its "
        "evidence and citations as the reason",
    )

    merge = commands.add_parser("merge", help="merge the shards of one run into one results file")
    merge.add_argument("results", nargs="+", type=Path, help="the shards' results files")
    merge.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")

    causes = commands.add_parser("causes", help="failing cases grouped by cause, biggest first")
    causes.add_argument("results", nargs="+", type=Path, help="results files")
    causes.add_argument("--json", type=Path, metavar="FILE", help="write the causes as JSON")
    causes.add_argument(
        "--limit", type=int, default=15, metavar="N", help="causes printed per run (default 15)"
    )

    found = commands.add_parser(
        "findings", help="the distinct upstream root causes of a run, by its baseline's catalogue"
    )
    found.add_argument("results", nargs="+", type=Path, help="the run (or its shards)")
    found.add_argument(
        "--baseline", type=Path, required=True, metavar="FILE", help="the triaged baseline"
    )
    found.add_argument(
        "--release",
        type=Path,
        action="append",
        default=[],
        metavar="RESULTS",
        help="results of another release of the implementation: does each cause persist there",
    )
    found.add_argument("--json", type=Path, metavar="FILE", help="write the findings as JSON")
    found.add_argument(
        "--reproducers",
        type=Path,
        metavar="DIR",
        help="write a standalone reproducer per cause into DIR/<cause>/ (ocaml-nx: an OCaml "
        "program with its dune file; arraymancer: a Nim program)",
    )
    found.add_argument(
        "--run",
        action="store_true",
        help="also compile and run each reproducer against the built release, and show what "
        "it printed",
    )


def _repo_url_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--repo-url",
        metavar="URL",
        help="link case files to this repository URL + their spec path "
        "(e.g. https://github.com/ORG/nx-conformance/blob/main)",
    )


def add_run_options(run: argparse.ArgumentParser) -> None:
    run.add_argument("--html", type=Path, metavar="FILE", help="write an HTML report of this run")
    _repo_url_option(run)
    run.add_argument("--summary-md", type=Path, metavar="FILE", help="write a Markdown summary")
    run.add_argument(
        "--baseline",
        type=Path,
        metavar="FILE",
        help="a baseline YAML or earlier results of this implementation, for the report's diff",
    )


def _rate(text: str) -> float:
    value = float(text.rstrip("%")) / (100 if text.endswith("%") else 1)
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError(
            f"a pass rate is between 0 and 1 (or 0% and 100%), got {text}"
        )
    return value


def baseline_run(path: Path) -> baselines.Baseline:
    """What a report compares a run with: a baseline YAML (format 1 or 2) or a results
    file, read by `reports.baseline.read_baseline`; the report judges the changes as the
    gate does."""
    return baselines.read_baseline(path)


def renders(args: argparse.Namespace) -> bool:
    """Whether `run` renders its results (`--html`, `--summary-md`)."""
    return bool(args.html or args.summary_md)


def after_run(
    args: argparse.Namespace, document: dict[str, Any], baseline: baselines.Baseline | None
) -> None:
    """`run --html / --summary-md`: render the run that just finished (`baseline`: read
    by `baseline_run` before the run)."""
    if not renders(args):
        return
    run = run_of(document, document["results"], path=str(args.json or ""))
    if args.html:
        html.write(
            model.build([run], baseline),
            args.html,
            baseline_label=baseline.label if baseline else None,
            repo_url=args.repo_url,
        )
        print(f"report written to {args.html}")
    if args.summary_md:
        args.summary_md.write_text(summary.markdown(run), encoding="utf-8")


def report_command(args: argparse.Namespace) -> int:
    try:
        runs = read_runs(args.results)
        baseline = baseline_run(args.baseline) if args.baseline else None
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
            repo_url=args.repo_url,
        )
        print(f"report of {len(runs)} run(s) written to {args.html}")
    if args.summary_md:
        args.summary_md.write_text(summary.markdown(runs[0]), encoding="utf-8")
    return EXIT_OK


def rates_text(counts: dict[str, int]) -> str:
    """The pass rate and the answered pass rate of outcome counts, for a summary line."""
    rate, answered = pass_rates(counts)
    shown = ["n/a" if r is None else f"{100 * r:.1f}%" for r in (rate, answered)]
    return f"pass rate {shown[0]}, answered pass rate {shown[1]}"


def _read_shards(paths: list[Path]) -> Run:
    """One run from its results files (the shards of one run, merged)."""
    return merge([read_run(path) for path in paths])


def gate_command(args: argparse.Namespace) -> int:
    try:
        thresholds = [
            *(
                gates.Threshold(rate, answered=answered)
                for rate, answered in (
                    (args.min_pass_rate, False),
                    (args.min_answered_pass_rate, True),
                )
                if rate is not None
            ),
            *(_namespace_minimum(item, answered=False) for item in args.namespace_min),
            *(_namespace_minimum(item, answered=True) for item in args.namespace_min_answered),
        ]
        if not args.baseline and not thresholds:
            raise ValueError("gate needs --baseline and/or a pass-rate threshold")
        if not args.baseline and (args.strict or args.require_triage):
            raise ValueError("--strict and --require-triage judge known failures: give --baseline")
        baseline = baselines.read_baseline(args.baseline) if args.baseline else None
        run = _read_shards(args.results)
        if not run.results:
            raise ValueError(f"{run.path}: no results: nothing to judge")
        other = baseline and baseline.adapter and baseline.adapter != run.label
        if other and not args.other_adapter:
            raise ValueError(
                f"{args.baseline} is the baseline of {baseline.adapter}, not of {run.label}; "
                "give --other-adapter to gate one implementation on another's baseline"
            )
    except ValueError as error:  # ResultFileError included: `path: what is wrong`
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    result = gates.gate(
        baseline, run, thresholds, strict=args.strict, require_triage=args.require_triage
    )
    label = f"{run.label} against {baseline.label}" if baseline else run.label
    print(f"{run.label}: {run.total} cases, {rates_text(run.counts)}")
    missing = missing_shards(run)
    if missing and result.of(gates.Kind.MISSING):
        print(f"shard(s) {', '.join(missing)} of this run are not among the results files")
    print(gates.render(result, label))
    try:
        if args.junit:
            junit.write(result, label, args.junit)
        if args.summary_md:
            _write_text(args.summary_md, summary.markdown(run, result))
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    return EXIT_OK if result.ok else EXIT_FAILED


def _namespace_minimum(text: str, *, answered: bool) -> gates.Threshold:
    option = "--namespace-min-answered" if answered else "--namespace-min"
    namespace, _, rate = text.partition("=")
    if not namespace or not rate:
        raise ValueError(f"{option} takes NS=R (e.g. nx=0.95), got {text!r}")
    try:
        return gates.Threshold(_rate(rate), namespace=namespace, answered=answered)
    except (argparse.ArgumentTypeError, ValueError) as error:
        raise ValueError(f"{option} {text}: {error}") from None


def baseline_command(args: argparse.Namespace) -> int:
    try:
        keep = baselines.read_baseline(args.keep_triage) if args.keep_triage else None
        run = _read_shards(args.results)
        written = baselines.baseline_of(run, keep, triage_cited=args.triage_cited)
        baselines.write_baseline(written, args.output)
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
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


def merge_command(args: argparse.Namespace) -> int:
    try:
        run = _read_shards(args.results)
        _write_text(args.output, json.dumps(document_of(run), indent=1) + "\n")
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    print(f"{run.total} results of {len(args.results)} file(s) merged into {args.output}")
    return EXIT_OK


def _write_text(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ResultFileError(f"{path}: cannot write ({error.strerror})") from None


def causes_command(args: argparse.Namespace) -> int:
    try:
        runs = read_runs(args.results)
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    found = [clusters.cluster(run) for run in runs]
    if args.json:
        args.json.write_text(
            json.dumps({"runs": [c.to_json() for c in found]}, indent=1) + "\n", encoding="utf-8"
        )
    print("\n\n".join(clusters.render(c, limit=args.limit) for c in found))
    return EXIT_OK


def citation_problems(path: Path) -> list[str]:
    """What is wrong with a triaged baseline's citations: a triage reason or a cause that
    cites no passage, or cites one whose line does not hold the quoted words."""
    try:
        baseline = baselines.read_baseline(path)
    except ResultFileError as error:
        return [str(error)]
    problems = []
    texts = [(f"cause {key}", " ".join(cause.cites)) for key, cause in baseline.causes.items()]
    texts += [(case_id, e.reason) for case_id, e in baseline.cases.items() if e.reason]
    for where, text in sorted(texts):
        cited = citations.in_text(text)
        if not cited:
            problems.append(f'{path}: {where}: cites no passage (document:line "words")')
        for at, quote in cited:
            found = citations.problem(at, quote)
            if found:
                problems.append(f"{path}: {where}: {found}")
    return problems


def findings_command(args: argparse.Namespace) -> int:
    try:
        baseline = baselines.read_baseline(args.baseline)
        run = _read_shards(args.results)
        releases = [read_run(path) for path in args.release]
    except ResultFileError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    if not baseline.causes:
        print(f"nx-conformance: {args.baseline} has no catalogue of causes", file=sys.stderr)
        return EXIT_USAGE
    result = upstream.findings(run, baseline, releases)
    programs = _reproducers(result, args) if args.reproducers else {}
    if args.json:
        document = {
            "adapter": result.label,
            "findings": [f.to_json() for f in result.found],
            "unattributed": result.unattributed,
        }
        args.json.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    print(upstream.render_text(result, programs))
    return EXIT_OK


def _first_reproducer(writer, cases: list, release: str):
    """The program of the first case that can stand alone, or None."""
    for case in cases:
        try:
            return writer.reproducer(case, release)
        except writer.NotReproducible:
            continue
    return None


def _reproducer_writer(name: str):
    """The module that writes reproducers for the adapter `name` (its label before any
    `@release`): OCaml programs for ocaml-nx, Nim programs for arraymancer; or None."""
    from conformance import reproducers, reproducers_nim

    return {"ocaml-nx": reproducers, "arraymancer": reproducers_nim}.get(name)


def _reproducers(result: upstream.Findings, args: argparse.Namespace) -> dict[str, str]:
    """Each cause's reproducer, written into `--reproducers DIR/<cause>/`: the program of the
    first of its cases that can stand alone, and with `--run` what it printed."""
    from conformance.cases import bundled_spec, load_spec

    name, _, release = result.label.partition("@")
    writer = _reproducer_writer(name)
    if writer is None:
        return {f.cause: f"(no reproducer writer for {result.label})" for f in result.found}
    release = release or writer.DEFAULT_RELEASE
    ids = [case_id for finding in result.found for case_id in finding.cases]
    cases = {c.id: c for c in load_spec([bundled_spec()], select=ids).cases}
    shown = {}
    for finding in result.found:
        program = _first_reproducer(
            writer, [cases[c] for c in finding.cases if c in cases], release
        )
        if program is None:
            shown[finding.cause] = "(none of its cases can stand alone: they build arguments "
            shown[finding.cause] += "through the implementation or check follow-up calls)"
            continue
        where = program.write(args.reproducers / finding.cause)
        text = f"{where / writer.MAIN} (case {program.case_id})"
        if args.run:
            try:
                text += "\n" + writer.run(program, directory=where).rstrip()
            except writer.ReproducerFailed as failed:
                text += f"\ndid not run: {str(failed).splitlines()[0]}"
        shown[finding.cause] = text
    return shown


COMMANDS = {
    "findings": findings_command,
    "report": report_command,
    "gate": gate_command,
    "baseline": baseline_command,
    "merge": merge_command,
    "causes": causes_command,
}
