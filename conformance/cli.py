"""The `nx-conformance` command.

    nx-conformance run [--adapter NAME] [--spec PATH ...] [--select GLOB ...] [--skip FILE]
                       [--json FILE] [--junit FILE] [-j N] [--shard K/N]
    nx-conformance validate [--spec PATH ...]
    nx-conformance coverage [--spec PATH ...]
    nx-conformance adapters

Exit status: 0 when nothing failed, 1 when a case failed (or errored), 2 when the spec
or the command line is wrong.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from adapters.discovery import UnknownAdapter, available, load_adapter
from conformance import cli_reports, cli_setup, coverage, runner
from conformance.cases import Spec, bundled_spec, load_spec
from conformance.execute import Outcome
from conformance.results import CaseResult, ResultStream, document, write_junit

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
SHOWN_FAILURES = 20


class UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nx-conformance", description="Conformance suite for Nx tensor implementations."
    )
    commands = parser.add_subparsers(dest="command", required=True)

    run = commands.add_parser("run", help="run cases against an implementation")
    _spec_option(run)
    run.add_argument(
        "--adapter", default="reference", help="implementation under test (default: reference)"
    )
    run.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="GLOB",
        help="only case ids matching this glob (repeatable), e.g. 'nx.div/*'",
    )
    run.add_argument(
        "--skip",
        action="append",
        default=[],
        metavar="FILE",
        type=Path,
        help="skip list: one case-id glob per line, '# reason' after it",
    )
    run.add_argument("--json", type=Path, metavar="FILE", help="write the results as JSON")
    run.add_argument("--junit", type=Path, metavar="FILE", help="write JUnit XML")
    run.add_argument(
        "--timeout",
        type=float,
        default=None,
        metavar="SECONDS",
        help="per-request time limit of a cmd: program (default 5)",
    )
    run.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="worker processes")
    run.add_argument("--shard", metavar="K/N", help="run only shard K of N (1-based)")
    run.add_argument("-q", "--quiet", action="store_true", help="print only the summary line")
    run.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help=f"list every failure (default: the first {SHOWN_FAILURES})",
    )
    cli_reports.add_run_options(run)

    validate = commands.add_parser("validate", help="check case files without running them")
    _spec_option(validate)

    cover = commands.add_parser("coverage", help="documented functions and examples with cases")
    _spec_option(cover)

    commands.add_parser("adapters", help="list the adapters that can be named with --adapter")

    fuzz = commands.add_parser("fuzz", help="differential fuzzing of two implementations")
    _spec_option(fuzz)
    fuzz.add_argument("--adapter", required=True, help="the implementation under test (A)")
    fuzz.add_argument(
        "--against", default="reference", help="the implementation to compare with (B)"
    )
    fuzz.add_argument(
        "--op",
        action="append",
        default=[],
        metavar="OP",
        help="only this op (name or namespace.op; repeatable)",
    )
    fuzz.add_argument("--examples", type=int, default=100, metavar="N", help="inputs per op")
    fuzz.add_argument("--seed", type=int, default=0)
    fuzz.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-findings"),
        metavar="DIR",
        help="where the minimal reproducers are written",
    )
    fuzz.add_argument("--timeout", type=float, default=None, metavar="SECONDS")
    cli_reports.add_commands(commands)
    cli_setup.add_command(commands)
    return parser


def _spec_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--spec",
        action="append",
        type=Path,
        metavar="PATH",
        help="a directory (or file) of case files; repeatable (default: the bundled spec)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        commands = {
            "run": _run,
            "validate": _validate,
            "coverage": _coverage,
            "adapters": _adapters,
            "fuzz": _fuzz,
            **cli_reports.COMMANDS,
            "setup": cli_setup.run_setup,
        }
        return commands[args.command](args)
    except UsageError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE


def _load(args: argparse.Namespace) -> Spec:
    return load_spec(args.spec or [bundled_spec()])


def _print_problems(spec: Spec) -> None:
    for problem in spec.problems:
        print(problem, file=sys.stderr)


def _validate(args: argparse.Namespace) -> int:
    spec = _load(args)
    _print_problems(spec)
    status = f"{len(spec.cases)} cases in {len(spec.files)} files"
    if spec.problems:
        print(f"{status}; {len(spec.problems)} problem(s)", file=sys.stderr)
        return EXIT_USAGE
    print(f"{status}: all valid")
    return EXIT_OK


def _coverage(args: argparse.Namespace) -> int:
    spec = _load(args)
    _print_problems(spec)
    print(coverage.render(coverage.measure(spec.cases)))
    return EXIT_USAGE if spec.problems else EXIT_OK


def _fuzz(args: argparse.Namespace) -> int:
    from conformance import fuzz

    spec = _load(args)
    _print_problems(spec)
    try:
        mine = load_adapter(args.adapter, timeout=args.timeout)
        theirs = load_adapter(args.against, timeout=args.timeout)
    except UnknownAdapter as error:
        raise UsageError(str(error)) from None
    try:
        report = fuzz.fuzz(
            spec.cases, mine, theirs, ops=args.op, examples=args.examples, seed=args.seed
        )
    finally:
        mine.close()
        theirs.close()
    written = fuzz.write_findings(report, args.out, args.adapter, args.against)
    for finding, path in zip(report.findings, written, strict=True):
        print(
            f"DISAGREE {finding.template.namespace}.{finding.template.op}: "
            f"{finding.why.splitlines()[0]}\n    reproducer: {path}"
        )
    print(
        f"{len(report.findings)} op(s) disagree, {len(report.agreed)} agree "
        f"({sum(report.agreed.values())} inputs)"
    )
    return EXIT_FAILED if report.findings else EXIT_OK


def _adapters(args: argparse.Namespace) -> int:
    for name, origin in sorted(available().items()):
        print(f"{name:20} {origin}")
    return EXIT_OK


def _run(args: argparse.Namespace) -> int:
    if args.jobs < 1:
        raise UsageError("-j needs at least 1 worker")
    skip = []
    for path in args.skip:
        if not path.is_file():
            raise UsageError(f"--skip {path}: no such file")
        skip.extend(runner.read_skip_list(path))
    try:
        adapter = load_adapter(args.adapter, timeout=args.timeout)
    except UnknownAdapter as error:
        raise UsageError(str(error)) from None
    spec = _load(args)
    _print_problems(spec)
    cases = runner.select(spec.cases, args.select)
    if args.shard:
        try:
            cases = runner.shard(cases, *runner.parse_shard(args.shard))
        except ValueError as error:
            raise UsageError(str(error)) from None
    header = {
        "adapter": adapter.describe(),
        "spec": {
            **runner.spec_identity(spec.roots, spec.files),
            "cases": len(cases),
            "select": args.select,
            "shard": args.shard,
        },
        "started": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    stream = ResultStream(args.json, header) if args.json else None
    progress = runner.Progress(len(cases), sys.stderr, sys.stderr.isatty() and not args.quiet)
    results: list[CaseResult] = []
    started = time.perf_counter()
    try:
        shared = adapter if args.jobs <= 1 else None
        if shared is None:
            adapter.close()
        for result in runner.run_cases(
            cases, args.adapter, jobs=args.jobs, skip=skip, adapter=shared, timeout=args.timeout
        ):
            results.append(result)
            if stream:
                stream.add(result)
            progress.update(result)
    except KeyboardInterrupt:
        progress.close()
        if stream:
            stream.abandon()
            print(f"interrupted: {len(results)} results kept in {stream.partial}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        if args.jobs <= 1:
            adapter.close()
    progress.close()
    header["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    header["duration"] = round(time.perf_counter() - started, 3)
    final = document(header, results)
    if stream:
        stream.finish(final)
    cli_reports.after_run(args, final)
    if args.junit:
        write_junit(args.junit, adapter.name, results)
    _print_summary(results, spec, args)
    if spec.problems:
        return EXIT_USAGE
    failed = any(r.outcome in (Outcome.FAIL, Outcome.ERROR) for r in results)
    return EXIT_FAILED if failed else EXIT_OK


def _print_summary(results: list[CaseResult], spec: Spec, args: argparse.Namespace) -> None:
    counts = Counter(r.outcome for r in results)
    line = ", ".join(f"{counts[o]} {o.value}" for o in Outcome if counts[o]) or "no cases"
    if results:
        line += "; " + cli_reports.rates_text({o.value: n for o, n in counts.items()})
    if args.quiet:
        print(f"{args.adapter}: {line}")
        return
    bad = sorted(
        (r for r in results if r.outcome in (Outcome.FAIL, Outcome.ERROR)), key=lambda r: r.id
    )
    shown = bad if args.verbose else bad[:SHOWN_FAILURES]
    for result in shown:
        print(result.report())
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


if __name__ == "__main__":
    sys.exit(main())
