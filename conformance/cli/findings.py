"""`nx-conformance findings`: the distinct upstream root causes of a run, by its triaged
baseline's catalogue of causes (`reports/findings.py`), whether other releases still have
them, and a standalone reproducer per cause (`--reproducers DIR`, run with `--run`)."""

from __future__ import annotations

import argparse
import json

from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK, UsageError
from reports import findings as upstream
from reports.baseline import read_baseline
from reports.runs import read_run


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.results(parser, "the run (or its shards)")
    options.baseline(parser, "the triaged baseline", required=True)
    options.json(parser, "the findings")
    options.path(
        parser,
        "--release",
        metavar="RESULTS",
        repeatable=True,
        help="results of another release of the implementation: does each cause persist there",
    )
    parser.add_argument(
        "--run",
        action="store_true",
        help="also compile and run each reproducer against the built release, and show what "
        "it printed",
    )
    options.path(
        parser,
        "--reproducers",
        metavar="DIR",
        help="write a standalone reproducer per cause into DIR/<cause>/ (ocaml-nx: an OCaml "
        "program with its dune file; arraymancer: a Nim program)",
    )


def run(args: argparse.Namespace) -> int:
    baseline = read_baseline(args.baseline)
    run = options.one_run(args.results)
    releases = [read_run(path) for path in args.release]
    if not baseline.causes:
        raise UsageError(f"{args.baseline} has no catalogue of causes")
    result = upstream.findings(run, baseline, releases)
    programs = _reproducers(result, args) if args.reproducers else {}
    if args.json:
        document = {
            "adapter": result.label,
            "findings": [f.to_json() for f in result.found],
            "unattributed": result.unattributed,
        }
        options.write_text(args.json, json.dumps(document, indent=1) + "\n")
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


COMMAND = Command(
    "findings",
    "the distinct upstream root causes of a run, by its baseline's catalogue",
    add_arguments,
    run,
)
