"""The `nx-conformance` command.

    nx-conformance run [--adapter NAME] [--spec PATH ...] [--select GLOB ...] [--skip FILE]
                       [--json FILE] [--junit FILE] [-j N] [--shard K/N]
                       [--timeout S] [--start-timeout S] [--isolate]
    nx-conformance validate [--spec PATH ...]
    nx-conformance coverage [--spec PATH ...]
    nx-conformance adapters
    nx-conformance compare-libraries LIBRARY [--against ADAPTER] [-o FILE]
    nx-conformance signatures [--spec PATH ...] [--write FILE]
    nx-conformance diff-backends --adapter A --against B [--select GLOB ...] [--json FILE]

Exit status: 0 when nothing failed, 1 when a case failed (or errored), 2 when the spec
or the command line is wrong, no case was selected, or the implementation cannot run
(a `cmd:` program that does not start: the run stops, keeping the results it has), 130
when interrupted (Ctrl-C), 141 when the reader of its output went away (`| head`). Every
input file is checked before the first case runs; a mistake is one line on stderr, never
a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import math
import os
import signal
import sys
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

from adapters.base import Adapter
from adapters.discovery import FORMS, AdapterError, available, load_adapter
from conformance import (
    backend_diff,
    cli_reports,
    cli_setup,
    counterparts,
    coverage,
    mutants,
    runner,
    signatures,
)
from conformance.cases import Case, Spec, bundled_spec, load_spec
from conformance.execute import Outcome
from conformance.results import CaseResult, ResultStream, document, write_junit

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
EXIT_TERMINATED = 143  # 128 + SIGTERM, what a CI system sends to cancel a job


class Terminated(KeyboardInterrupt):
    """SIGTERM, taken as Ctrl-C is: the run stops, keeps what it finished, ends the
    programs it started, and says so in one line."""


@contextlib.contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminated(signum, frame):
        raise Terminated

    previous = signal.signal(signal.SIGTERM, terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports `| head` closing early
SHOWN_FAILURES = 20


class UsageError(Exception):
    pass


def _parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser, and the parser of each subcommand (whose usage its mistakes print)."""
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
    _timeout_options(run)
    run.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="worker processes")
    run.add_argument(
        "--isolate",
        action="store_true",
        help="run each case in a clean process of a cmd: program: through its fork server "
        "where its hello offers one, else a fresh process per case (ocaml-nx always does)",
    )
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
    validate.add_argument(
        "--baseline",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="also check a triaged baseline: every reason and cause cites document:line "
        "with words that line holds",
    )

    cover = commands.add_parser("coverage", help="documented functions and examples with cases")
    _spec_option(cover)

    commands.add_parser("adapters", help="list the adapters that can be named with --adapter")

    table = commands.add_parser(
        "signatures", help="each op's positional arguments and labels, as a Markdown table"
    )
    _spec_option(table)
    table.add_argument(
        "--write",
        type=Path,
        metavar="FILE",
        help="replace the table between its marker lines in FILE (adapters/protocol.md)",
    )

    fuzz = commands.add_parser("fuzz", help="differential fuzzing of two implementations")
    _spec_option(fuzz)
    fuzz.add_argument("--adapter", required=True, help="the implementation under test (A)")
    fuzz.add_argument(
        "--against", default="reference", help="the implementation to compare with (B)"
    )
    fuzz.add_argument(
        "--op",
        action="extend",
        nargs="+",
        default=[],
        metavar="OP",
        help="only these ops (names or namespace.op: --op add sub, or --op add --op sub)",
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
    _timeout_options(fuzz)
    cli_reports.add_commands(commands)
    cli_setup.add_command(commands)
    counterparts.add_command(commands)
    backend_diff.add_command(commands)
    mutants.add_command(commands)
    return parser, dict(commands.choices)


def _timeout_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="time a cmd: program has to answer one request (default 5)",
    )
    parser.add_argument(
        "--start-timeout",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="time a cmd: program has to print its hello line (default 10); "
        "a program that cannot start stops the run",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"needs a number of seconds above 0, got {text!r}")
    return value


def _spec_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--spec",
        action="append",
        type=Path,
        metavar="PATH",
        help="a directory (or file) of case files; repeatable (default: the bundled spec)",
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser, subcommands = _parser()
    commands = {
        "run": _run,
        "validate": _validate,
        "coverage": _coverage,
        "adapters": _adapters,
        "signatures": _signatures,
        "fuzz": _fuzz,
        **cli_reports.COMMANDS,
        "setup": cli_setup.run_setup,
        "compare-libraries": counterparts.run_compare,
        "diff-backends": backend_diff.run_diff,
        "mutants": mutants.run_mutants,
    }
    try:
        args, extra = parser.parse_known_args(argv)
        if extra:
            subcommands[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
        status = commands[args.command](args)
        sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
        return status
    except UsageError as error:
        print(f"nx-conformance: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("nx-conformance: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): stop without a word, and let the interpreter's
        # last flush of stdout go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as error:  # a file that cannot be written (--json, --junit, ...)
        where = f"{error.filename}: " if error.filename else ""
        print(f"nx-conformance: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE


def _load(args: argparse.Namespace, select: Sequence[str] = ()) -> Spec:
    return load_spec(args.spec or [bundled_spec()], select)


def _print_problems(spec: Spec) -> None:
    for problem in spec.problems:
        print(problem, file=sys.stderr)


def _validate(args: argparse.Namespace) -> int:
    spec = _load(args)
    _print_problems(spec)
    status = f"{len(spec.cases)} cases in {len(spec.files)} files"
    baseline_problems = [p for path in args.baseline for p in cli_reports.citation_problems(path)]
    for problem in baseline_problems:
        print(problem, file=sys.stderr)
    if args.baseline:
        status += f" and {len(args.baseline)} baseline(s)"
    if spec.problems or baseline_problems:
        count = len(spec.problems) + len(baseline_problems)
        print(f"{status}; {count} problem(s)", file=sys.stderr)
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

    _check_spec_paths(args)
    spec = _load(args)
    _print_problems(spec)
    fuzzable = fuzz.templates_by_op(spec.cases)
    unknown = [op for op in args.op if not _names(op, fuzzable)]
    if unknown:
        raise UsageError("; ".join(_not_fuzzable(op, fuzzable, spec.cases) for op in unknown))
    mine = _open_adapter(args.adapter, args)
    try:
        theirs = _open_adapter(args.against, args)
    except UsageError:
        mine.close()
        raise
    try:
        report = fuzz.fuzz(
            spec.cases, mine, theirs, ops=args.op, examples=args.examples, seed=args.seed
        )
    except AdapterError as error:
        raise UsageError(f"the fuzzing stopped: {error}") from None
    finally:
        mine.close()
        theirs.close()
    if not (report.findings or report.agreed):
        reasons = "; ".join(f"{op}: {why}" for op, why in sorted(report.skipped.items()))
        raise UsageError(f"no op was fuzzed ({reasons or 'the spec has no fuzzable case'})")
    written = fuzz.write_findings(report, args.out, args.adapter, args.against)
    for finding, path in zip(report.findings, written, strict=True):
        shown = f"reproducer: {path}" if isinstance(path, Path) else path
        print(
            f"DISAGREE {finding.template.namespace}.{finding.template.op}: "
            f"{finding.why.splitlines()[0]}\n    {shown}"
        )
    print(
        f"{len(report.findings)} op(s) disagree, {len(report.agreed)} agree "
        f"({sum(report.agreed.values())} inputs)"
    )
    return EXIT_FAILED if report.findings else EXIT_OK


def _names(op: str, keys: Iterable[str]) -> bool:
    """Whether `op` (a name or namespace.op) names one of `keys` (namespace.op)."""
    return any(op in (key, key.split(".", 1)[1]) for key in keys)


def _not_fuzzable(op: str, fuzzable: dict[str, list], cases: list[Case]) -> str:
    ops = {f"{c.namespace}.{c.op}" for c in cases}
    if _names(op, ops):
        return f"--op {op}: no case of this op can be fuzzed (none has expect or raises)"
    names = sorted(ops) + sorted({key.split(".", 1)[1] for key in ops})
    near = difflib.get_close_matches(op, names, n=3, cutoff=0.6)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    return f"--op {op}: the spec has no such op{hint}"


def _signatures(args: argparse.Namespace) -> int:
    spec = _load(args)
    _print_problems(spec)
    if args.write:
        changed = signatures.write(args.write, spec.cases)
        print(f"{args.write}: {'table updated' if changed else 'table up to date'}")
    else:
        print(signatures.markdown(signatures.table(spec.cases)))
    return EXIT_USAGE if spec.problems else EXIT_OK


def _adapters(args: argparse.Namespace) -> int:
    rows = [*sorted(available().items()), *FORMS.items()]
    width = max(len(name) for name, _ in rows)
    for name, origin in rows:
        print(f"{name:{width}}  {origin}")
    return EXIT_OK


def _open_adapter(name: str, args: argparse.Namespace) -> Adapter:
    """The adapter `name`, started (a `cmd:` program has printed its hello), or one line."""
    try:
        return load_adapter(
            name,
            timeout=args.timeout,
            start_timeout=args.start_timeout,
            isolate=getattr(args, "isolate", False),
        )
    except AdapterError as error:
        raise UsageError(str(error)) from None


def _check_spec_paths(args: argparse.Namespace) -> None:
    for path in args.spec or ():
        if not path.exists():
            raise UsageError(f"--spec {path}: no such file or directory")


def _read_inputs(
    args: argparse.Namespace,
) -> tuple[list[runner.SkipRule], cli_reports.baselines.Baseline | None]:
    """Every input file of `run`, read and checked before anything runs: the skip lists
    and the baseline (a baseline YAML or a results file)."""
    if args.jobs < 1:
        raise UsageError("-j needs at least 1 worker")
    if args.shard:
        try:
            runner.parse_shard(args.shard)
        except ValueError as error:
            raise UsageError(str(error)) from None
    _check_spec_paths(args)
    skip = []
    for path in args.skip:
        try:
            skip.extend(runner.read_skip_list(path))
        except OSError as error:
            raise UsageError(f"--skip {path}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise UsageError(f"--skip {path}: not UTF-8 text") from None
    try:
        baseline = cli_reports.baseline_run(args.baseline) if args.baseline else None
    except ValueError as error:  # reports.runs.ResultFileError: the message says what
        raise UsageError(f"--baseline {error}") from None
    for option in ("json", "junit", "html", "summary_md"):
        _check_writable(f"--{option.replace('_', '-')}", getattr(args, option))
    return skip, baseline


def _check_writable(option: str, path: Path | None) -> None:
    """An output file can be written, so that a long run does not fail at its end."""
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{option} {path}: {error.strerror}") from None
    if path.is_dir() or not os.access(path.parent, os.W_OK):
        raise UsageError(f"{option} {path}: cannot be written")


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
        print(f"nx-conformance: warning: {hint}", file=sys.stderr)
    for rule in runner.unmatched_rules(skip, spec.cases):
        print(
            f"{rule.where}: warning: skip-list glob {rule.glob!r} matches no case",
            file=sys.stderr,
        )
    if args.shard:
        k, n = runner.parse_shard(args.shard)
        chosen = runner.shard(cases, k, n)
        if not chosen:  # a valid shard of a matrix: it runs nothing and says so
            print(
                f"nx-conformance: shard {k}/{n} holds none of the {len(cases)} selected case(s)",
                file=sys.stderr,
            )
        return chosen
    return cases


def _missed(glob: str, cases: list[Case]) -> str:
    near = runner.near_globs(glob, cases)
    hint = f": did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    return f"--select {glob!r} matches no case{hint}"


def _run(args: argparse.Namespace) -> int:
    skip, baseline = _read_inputs(args)
    adapter = _open_adapter(args.adapter, args)
    try:
        # Only the files a --select can match are loaded, unless a skip list (whose globs
        # are checked against every case) or a glob that matches nothing (whose near names
        # come from every case) needs them all.
        spec = _load(args, () if skip else args.select)
        if spec.unselected_ids and any(not runner.select(spec.cases, [g]) for g in args.select):
            spec = _load(args)
        _print_problems(spec)
        cases = _selected(args, spec, skip)
    except BaseException:
        adapter.close()
        raise
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
    with _terminate_as_interrupt():
        return _run_cases(args, adapter, spec, cases, skip, baseline, header)


def _run_cases(args, adapter, spec, cases, skip, baseline, header) -> int:
    """The run proper: stream results as they come, then write and report them."""
    stream = ResultStream(args.json, header) if args.json else None
    progress = runner.Progress(len(cases), sys.stderr, sys.stderr.isatty() and not args.quiet)
    results: list[CaseResult] = []
    stopped = None  # why the implementation could not go on, if it could not
    started = time.perf_counter()
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
        kept = f": {len(results)} results kept in {stream.partial}" if stream else ""
        if stream:
            stream.abandon()
        what = "terminated" if isinstance(interrupt, Terminated) else "interrupted"
        print(f"nx-conformance: {what}{kept}", file=sys.stderr)
        return EXIT_TERMINATED if isinstance(interrupt, Terminated) else EXIT_INTERRUPTED
    except AdapterError as error:
        stopped = str(error)
    finally:
        progress.close()
        if args.jobs <= 1:
            adapter.close()
    header["finished"] = datetime.now(UTC).isoformat(timespec="seconds")
    header["duration"] = round(time.perf_counter() - started, 3)
    if stream or cli_reports.renders(args):  # the results document, where one is written
        final = document(header, results)
        if stopped:
            final.update(interrupted=True, stopped=stopped)
        if stream:
            stream.finish(final, keep_partial=bool(stopped))
        cli_reports.after_run(args, final, baseline)
    if args.junit:
        write_junit(args.junit, adapter.name, results)
    if stopped:
        kept = f"; their results are in {args.json}" if args.json and results else ""
        print(
            f"nx-conformance: {stopped}\n"
            f"nx-conformance: the run stopped after {len(results)} of {len(cases)} cases{kept}",
            file=sys.stderr,
        )
        return EXIT_USAGE
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


if __name__ == "__main__":
    sys.exit(main())
