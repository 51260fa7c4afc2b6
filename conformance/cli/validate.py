"""`nx-conformance validate`: check case files without running them, and triaged
baselines (`--baseline`): their citations, and the spec they name (a committed revision
that has their digest, `conformance/spec_revision.py`); every problem as
`path:line: problem`, exit 2 when there is one."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from conformance import citations, spec_revision
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK, EXIT_USAGE
from reports.baseline import read_baseline
from reports.runs import ResultFileError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.spec(parser)
    options.path(
        parser,
        "--baseline",
        repeatable=True,
        help="also check a triaged baseline: every reason and cause cites document:line "
        "with words that line holds, and it names a committed spec revision that has its digest",
    )


def run(args: argparse.Namespace) -> int:
    spec = options.load(args)
    options.print_problems(spec)
    status = f"{len(spec.cases)} cases in {len(spec.files)} files"
    root = Path(spec.roots[0])  # the spec a baseline names is checked in its checkout
    baseline_problems = [
        p for path in args.baseline for p in citation_problems(path) + spec_problems(path, root)
    ]
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


def citation_problems(path: Path) -> list[str]:
    """What is wrong with a triaged baseline's citations: a triage reason or a cause that
    cites no passage, or cites one whose line does not hold the quoted words."""
    try:
        baseline = read_baseline(path)
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


def spec_problems(path: Path, root: Path) -> list[str]:
    """What is wrong with the spec a baseline names, for the spec root `root`: a dirty
    revision, or a digest that is not its revision's (`spec_revision.baseline_problems`)."""
    try:
        baseline = read_baseline(path)
    except ResultFileError:
        return []  # citation_problems says why it cannot be read
    return [f"{path}: {p}" for p in spec_revision.baseline_problems(baseline.spec, root)]


COMMAND = Command("validate", "check case files without running them", add_arguments, run)
