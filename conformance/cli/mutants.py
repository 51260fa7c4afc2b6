"""`nx-conformance mutants`: what the suite catches, measured with faults planted in Nx
1.0.0~alpha1's C backend one at a time (`conformance/mutants.py`). Exit status 0 when every
mutant is killed, 1 when some survive, 2 on a usage error or when the driver cannot be
built."""

from __future__ import annotations

import argparse
import json

from conformance import mutants
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_FAILED, EXIT_OK, UsageError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    options.implementation(
        parser,
        "--adapter",
        default="ocaml-nx",
        help=f"the implementation whose backend is mutated (only {', '.join(mutants.ADAPTERS)})",
    )
    parser.add_argument(
        "--mutant",
        action="append",
        default=[],
        metavar="NAME",
        help="a mutant (repeatable; default all)",
    )
    options.spec(parser)
    parser.add_argument(
        "--cap", type=int, default=None, metavar="N", help="at most N cases per mutant"
    )
    parser.add_argument(
        "--control", action="store_true", help="add the unmutated backend as mutant 'none'"
    )
    options.jobs(parser, "mutants at a time")
    options.json(parser, "every verdict")
    options.path(parser, "--markdown", help="write the table here")
    options.timeout(parser)


def run(args: argparse.Namespace) -> int:
    if args.adapter not in mutants.ADAPTERS:
        raise UsageError(
            f"--adapter {args.adapter}: the mutants are planted in Nx {mutants.RELEASE}'s C "
            f"backend; name one of {', '.join(mutants.ADAPTERS)}"
        )
    options.check_spec_paths(args)
    path = mutants.driver()
    known = mutants.table(path)
    try:
        chosen = mutants.choose(known, args.mutant, control=args.control)
    except ValueError as error:
        raise UsageError(str(error)) from None
    spec = options.load(args, mutants.globs(chosen))
    cases, control_cases = mutants.selected(chosen, spec.cases, args.cap)
    print(f"{len(chosen)} mutant(s) of Nx {mutants.RELEASE}'s C backend ({path})", flush=True)
    verdicts = mutants.measure(
        chosen,
        cases,
        path,
        cap=args.cap,
        jobs=args.jobs,
        timeout=args.timeout,
        control_cases=control_cases,
        say=lambda v: print(mutants.line(v), flush=True),
    )
    print(mutants.summary(verdicts))
    if args.json:
        options.write_text(args.json, json.dumps(mutants.document(verdicts), indent=1) + "\n")
    if args.markdown:
        options.write_text(args.markdown, mutants.markdown(verdicts))
    survivors = [v for v in verdicts if not v.killed and v.mutant["name"] != "none"]
    return EXIT_FAILED if survivors else EXIT_OK


COMMAND = Command(
    "mutants",
    "plant one backend fault at a time and see which cases catch it",
    add_arguments,
    run,
    description=mutants.__doc__.split("\n\n")[0],
)
