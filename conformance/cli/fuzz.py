"""`nx-conformance fuzz`: differential fuzzing of two implementations on inputs drawn from
the spec's templates (`conformance/fuzz.py`); each disagreement shrunk to a minimal
reproducer under `--out`. Exit status 0 when they agree, 1 when an op disagrees."""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Iterable
from pathlib import Path

from adapters.base import AdapterError
from conformance.cases import Case
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_FAILED, EXIT_OK, UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.spec(parser)
    options.implementation(
        parser, "--adapter", default=None, help="the implementation under test (A)"
    )
    options.implementation(
        parser, "--against", default="reference", help="the implementation to compare with (B)"
    )
    parser.add_argument(
        "--op",
        action="extend",
        nargs="+",
        default=[],
        metavar="OP",
        help="only these ops (names or namespace.op: --op add sub, or --op add --op sub)",
    )
    parser.add_argument("--examples", type=int, default=100, metavar="N", help="inputs per op")
    parser.add_argument("--seed", type=int, default=0)
    options.path(
        parser,
        "--out",
        metavar="DIR",
        default=Path("fuzz-findings"),
        help="where the minimal reproducers are written",
    )
    options.timeouts(parser)


def run(args: argparse.Namespace) -> int:
    from conformance import fuzz

    spec = options.load(args)
    options.print_problems(spec)
    fuzzable = fuzz.templates_by_op(spec.cases)
    unknown = [op for op in args.op if not _names(op, fuzzable)]
    if unknown:
        raise UsageError("; ".join(_not_fuzzable(op, fuzzable, spec.cases) for op in unknown))
    with options.started(args, args.adapter, args.against) as (mine, theirs):
        try:
            report = fuzz.fuzz(
                spec.cases, mine, theirs, ops=args.op, examples=args.examples, seed=args.seed
            )
        except AdapterError as error:
            raise UsageError(f"the fuzzing stopped: {error}") from None
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


COMMAND = Command("fuzz", "differential fuzzing of two implementations", add_arguments, run)
