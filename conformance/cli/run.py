"""`nx-conformance run`: the cases of a spec against one implementation.

In steps: every input (skip lists, baseline, output paths) is read and checked before the
first case runs; the implementation starts; the spec is loaded and the cases selected; they
run, each result streamed to `--json` as it comes; the reports are written; the failures,
a table by section and a summary line are printed. Exit status 0 when nothing failed, 1
when a case failed or errored, 2 when the spec has problems (the valid cases still run) or
the implementation stopped (the results so far are kept).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from adapters.base import Adapter, AdapterError
from conformance import runner
from conformance.cases import Case, Spec
from conformance.cli import options, report
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError, say
from conformance.execute import Outcome
from conformance.results import CaseResult, ResultStream, document, write_junit
from reports.baseline import Baseline, read_baseline
from reports.runs import ResultFileError, run_of

SHOWN_FAILURES = 20


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.spec(parser)
    options.implementation(
        parser, "--adapter", default="reference", help="the implementation under test"
    )
    options.select(parser)
    options.path(
        parser,
        "--skip",
        repeatable=True,
        help="skip list: one case-id glob per line, '# reason' after it",
    )
    options.json(parser, "the results")
    options.junit(parser, "the results")
    options.timeouts(parser)
    options.jobs(parser, "worker processes")
    parser.add_argument(
        "--isolate",
        action="store_true",
        help="run each case in a clean process of a cmd: program: through its fork server "
        "where its hello offers one, else a fresh process per case (ocaml-nx always does)",
    )
    parser.add_argument("--shard", metavar="K/N", help="run only shard K of N (1-based)")
    parser.add_argument("-q", "--quiet", action="store_true", help="print only the summary line")
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help=f"list every failure (default: the first {SHOWN_FAILURES})",
    )
    options.html(parser, "a report of this run")
    options.repo_url(parser)
    options.summary_md(parser, "a summary of this run")
    options.baseline(
        parser, "a baseline YAML or earlier results of this implementation, for the report's diff"
    )


def run(args: argparse.Namespace) -> int:
    skip, baseline = _read_inputs(args)
    adapter = options.open_adapter(args.adapter, args)
    try:
        spec = _load(args, skip)
        cases = _selected(args, spec, skip)
    except BaseException:
        adapter.close()
        raise
    header = _header(args, adapter, spec, cases)
    stream = ResultStream(args.json, header) if args.json else None
    started = time.perf_counter()
    results, stopped = _run_cases(args, adapter, cases, skip, stream)
    header["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    header["duration"] = round(time.perf_counter() - started, 3)
    _write_reports(args, header, results, stopped, stream, baseline)
    if args.junit:
        write_junit(args.junit, adapter.name, results)
    if stopped:
        kept = f"; their results are in {args.json}" if args.json and results else ""
        raise UsageError(
            stopped, f"the run stopped after {len(results)} of {len(cases)} cases{kept}"
        )
    _print_summary(results, spec, args)
    if spec.problems:
        return EXIT_USAGE
    failed = any(r.outcome in (Outcome.FAIL, Outcome.ERROR) for r in results)
    return EXIT_FAILED if failed else EXIT_OK


def _read_inputs(args: argparse.Namespace) -> tuple[list[runner.SkipRule], Baseline | None]:
    """Every input file, read and checked before anything runs: the skip lists and the
    baseline (a baseline YAML or a results file); and every output file can be written,
    so that a long run does not fail at its end."""
    if args.jobs < 1:
        raise UsageError("-j needs at least 1 worker")
    if args.shard:
        try:
            runner.parse_shard(args.shard)
        except ValueError as error:
            raise UsageError(str(error)) from None
    options.check_spec_paths(args)
    skip = []
    for path in args.skip:
        try:
            skip.extend(runner.read_skip_list(path))
        except OSError as error:
            raise UsageError(f"--skip {path}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise UsageError(f"--skip {path}: not UTF-8 text") from None
    try:
        baseline = read_baseline(args.baseline) if args.baseline else None
    except ResultFileError as error:  # `path: what is wrong`
        raise UsageError(f"--baseline {error}") from None
    for option in ("json", "junit", "html", "summary_md"):
        _check_writable(f"--{option.replace('_', '-')}", getattr(args, option))
    return skip, baseline


def _check_writable(option: str, path: Path | None) -> None:
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{option} {path}: {error.strerror}") from None
    if path.is_dir() or not os.access(path.parent, os.W_OK):
        raise UsageError(f"{option} {path}: cannot be written")


def _load(args: argparse.Namespace, skip: list[runner.SkipRule]) -> Spec:
    """Only the files a --select can match are loaded, unless a skip list (whose globs are
    checked against every case) or a glob that matches nothing (whose near names come from
    every case) needs them all."""
    spec = options.load(args, () if skip else args.select)
    if spec.unselected_ids and any(not runner.select(spec.cases, [g]) for g in args.select):
        spec = options.load(args)
    options.print_problems(spec)
    return spec


def _selected(args: argparse.Namespace, spec: Spec, skip: list[runner.SkipRule]) -> list[Case]:
    """The cases to run; none is a mistake (exit 2) that says what the globs may have
    meant. Globs and skip-list lines that match nothing are warned about."""
    if not spec.cases:
        raise UsageError(f"no cases in {', '.join(spec.roots)}")
    cases = runner.select(spec.cases, args.select)
    missed = [g for g in args.select if not runner.select(cases, [g])]
    hints = [_missed(glob, spec.cases) for glob in missed]
    if not cases:
        raise UsageError("; ".join(hints))
    for hint in hints:
        say(f"warning: {hint}")
    for rule in runner.unmatched_rules(skip, spec.cases):
        print(
            f"{rule.where}: warning: skip-list glob {rule.glob!r} matches no case",
            file=sys.stderr,
        )
    if not args.shard:
        return cases
    k, n = runner.parse_shard(args.shard)
    chosen = runner.shard(cases, k, n)
    if not chosen:  # a valid shard of a matrix: it runs nothing and says so
        say(f"shard {k}/{n} holds none of the {len(cases)} selected case(s)")
    return chosen


def _missed(glob: str, cases: list[Case]) -> str:
    near = runner.near_globs(glob, cases)
    hint = f": did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    return f"--select {glob!r} matches no case{hint}"


def _header(
    args: argparse.Namespace, adapter: Adapter, spec: Spec, cases: list[Case]
) -> dict[str, Any]:
    """The results document's header: what ran, on which spec, since when."""
    return {
        "adapter": adapter.describe(),
        "spec": {
            **runner.spec_identity(spec.roots, spec.files),
            "cases": len(cases),
            "select": args.select,
            "shard": args.shard,
        },
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _run_cases(
    args: argparse.Namespace,
    adapter: Adapter,
    cases: list[Case],
    skip: list[runner.SkipRule],
    stream: ResultStream | None,
) -> tuple[list[CaseResult], str | None]:
    """The results, each streamed as it comes, and why the implementation could not go on
    (None when it could). An interrupt (Ctrl-C, SIGTERM) is raised again once the results
    so far are kept, saying where."""
    progress = runner.Progress(len(cases), sys.stderr, sys.stderr.isatty() and not args.quiet)
    results: list[CaseResult] = []
    try:
        shared = adapter if args.jobs <= 1 else None
        if shared is None:
            adapter.close()
        for result in runner.run_cases(
            cases,
            args.adapter,
            jobs=args.jobs,
            skip=skip,
            adapter=shared,
            timeout=args.timeout,
            start_timeout=args.start_timeout,
            isolate=args.isolate,
        ):
            results.append(result)
            if stream:
                stream.add(result)
            progress.update(result)
    except KeyboardInterrupt as interrupt:
        progress.close()
        if stream is None:
            raise
        stream.abandon()
        raise type(interrupt)(f"{len(results)} results kept in {stream.partial}") from None
    except AdapterError as error:
        return results, str(error)
    finally:
        progress.close()
        if args.jobs <= 1:
            adapter.close()
    return results, None


def _write_reports(
    args: argparse.Namespace,
    header: dict[str, Any],
    results: list[CaseResult],
    stopped: str | None,
    stream: ResultStream | None,
    baseline: Baseline | None,
) -> None:
    """The results document (`--json`), and the run rendered (`--html`, `--summary-md`)
    against `baseline`."""
    if not (stream or args.html or args.summary_md):
        return
    final = document(header, results)
    if stopped:
        final.update(interrupted=True, stopped=stopped)
    if stream:
        stream.finish(final, keep_partial=bool(stopped))
    if not (args.html or args.summary_md):
        return
    finished = run_of(final, final["results"], path=str(args.json or ""))
    if args.html:
        report.write_html(args.html, [finished], baseline, args.repo_url)
        print(f"report written to {args.html}")
    if args.summary_md:
        report.write_summary(args.summary_md, finished)


def _print_summary(results: list[CaseResult], spec: Spec, args: argparse.Namespace) -> None:
    counts = Counter(r.outcome for r in results)
    line = ", ".join(f"{counts[o]} {o.value}" for o in Outcome if counts[o]) or "no cases"
    if results:
        line += "; " + report.rates_text({o.value: n for o, n in counts.items()})
    if args.quiet:
        print(f"{args.adapter}: {line}")
        return
    bad = sorted(
        (r for r in results if r.outcome in (Outcome.FAIL, Outcome.ERROR)), key=lambda r: r.id
    )
    shown = bad if args.verbose else bad[:SHOWN_FAILURES]
    for result in shown:
        print(result.report(spec.roots))
    if len(bad) > len(shown):
        print(f"... and {len(bad) - len(shown)} more failures (-v lists them all)")
    print(_section_table(results))
    where = f" ({len(spec.problems)} spec problem(s) above)" if spec.problems else ""
    print(f"{args.adapter}: {line}{where}")


def _section_table(results: list[CaseResult]) -> str:
    by_section: dict[str, Counter] = defaultdict(Counter)
    for result in results:
        by_section[f"{result.namespace}.{result.section or '-'}"][result.outcome] += 1
    columns = list(Outcome)
    width = max([len(s) for s in by_section] + [7])
    head = f"{'section':{width}}  " + "  ".join(f"{o.value:>11}" for o in columns)
    rows = [head, "-" * len(head)]
    for section in sorted(by_section):
        rows.append(
            f"{section:{width}}  " + "  ".join(f"{by_section[section][o]:>11}" for o in columns)
        )
    return "\n".join(rows)


COMMAND = Command("run", "run cases against an implementation", add_arguments, run)
