"""The `nx-conformance` command: one parser, one error boundary, a module per command.

    nx-conformance run [--spec PATH] [--adapter NAME] [--select GLOB] [--skip FILE]
                       [--json FILE] [--junit FILE] [--timeout SECONDS]
                       [--start-timeout SECONDS] [-j N] [--isolate] [--shard K/N] [-q] [-v]
                       [--html FILE] [--repo-url URL] [--summary-md FILE] [--baseline FILE]
    nx-conformance validate [--spec PATH] [--baseline FILE]
    nx-conformance coverage [--spec PATH]
    nx-conformance adapters
    nx-conformance signatures [--spec PATH] [--write FILE]
    nx-conformance fuzz [--spec PATH] --adapter NAME [--against NAME] [--op OP [OP ...]]
                        [--examples N] [--seed SEED] [--out DIR] [--timeout SECONDS]
                        [--start-timeout SECONDS]
    nx-conformance report [--html FILE] [--baseline FILE] [--summary-md FILE] [--repo-url URL]
                          RESULTS [RESULTS ...]
    nx-conformance gate [--baseline FILE] [--min-pass-rate R] [--min-answered-pass-rate R]
                        [--namespace-min NS=R] [--namespace-min-answered NS=R] [--strict]
                        [--require-triage] [--other-adapter] [--junit FILE] [--summary-md FILE]
                        RESULTS [RESULTS ...]
    nx-conformance baseline -o FILE [--keep-triage OLD] [--triage-cited] RESULTS [RESULTS ...]
    nx-conformance merge -o FILE RESULTS [RESULTS ...]
    nx-conformance causes [--json FILE] [--limit N] RESULTS [RESULTS ...]
    nx-conformance findings --baseline FILE [--json FILE] [--release RESULTS] [--run]
                            [--reproducers DIR]
                            RESULTS [RESULTS ...]
    nx-conformance setup arraymancer --sources DIR
    nx-conformance setup ocaml-nx --sources DIR [--versions V [V ...]] [-j N]
                                  [--backend LIBRARY:MODULE] [--backend-source DIR]
    nx-conformance compare-libraries [--against NAME] [--spec PATH] [--timeout SECONDS]
                                     [--start-timeout SECONDS] [-o FILE]
                                     LIBRARY
    nx-conformance diff-backends --adapter NAME --against NAME [--spec PATH] [--select GLOB]
                                 [--exact] [--json FILE] [--examples N] [--top N]
                                 [--timeout SECONDS] [--start-timeout SECONDS]
    nx-conformance mutants [--adapter NAME] [--mutant NAME] [--spec PATH] [--cap N] [--control]
                           [-j N] [--json FILE] [--markdown FILE] [--timeout SECONDS]

Each command is a module that ends with its `COMMAND` (`command.Command`: its name, help,
`add_arguments(parser)` and `run(args) -> int`); the options several commands share are
defined once in `options.py`. A command returns its exit status or raises (`errors.py`);
`main` alone turns what it raises into one line on stderr, `nx-conformance: MESSAGE`, and
the exit status: 0 when nothing failed, 1 when a case (a gate, a mutant) failed, 2 when the
spec or the command line is wrong, no case was selected, or an implementation cannot run
or be built (a `cmd:` program that does not start: the run stops, keeping the results it
has), 130 when interrupted (Ctrl-C), 143 when terminated (SIGTERM), 141 when the reader of
its output went away (`| head`). Every input file is checked before the first case runs; a
mistake is one line on stderr, never a traceback. An option mistake prints the usage of
its own command (argparse, exit 2).

The synopsis above is generated from the parser (`synopsis()`); tests/test_cli.py checks
that it is the parser's.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator, Sequence

from conformance.cli import (
    adapters,
    baseline,
    causes,
    compare_libraries,
    coverage,
    diff_backends,
    findings,
    fuzz,
    gate,
    merge,
    mutants,
    report,
    run,
    setup,
    signatures,
    validate,
)
from conformance.cli.errors import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    EXIT_USAGE,
    PROG,
    USAGE_ERRORS,
    Terminated,
    UsageError,
    say,
    terminate_as_interrupt,
)

COMMANDS = tuple(
    module.COMMAND
    for module in (
        run,
        validate,
        coverage,
        adapters,
        signatures,
        fuzz,
        report,
        gate,
        baseline,
        merge,
        causes,
        findings,
        setup,
        compare_libraries,
        diff_backends,
        mutants,
    )
)
SYNOPSIS_WIDTH = 92


def parser() -> argparse.ArgumentParser:
    """The parser of every command. The parsed arguments carry `_command` (the `Command`
    that runs them) and `_parser` (whose usage a mistake prints: a command with sub-commands,
    `setup NAME`, sets it on each of them)."""
    top = argparse.ArgumentParser(
        prog=PROG, description="Conformance suite for Nx tensor implementations."
    )
    commands = top.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        sub = commands.add_parser(command.name, help=command.help, description=command.description)
        sub.set_defaults(_command=command, _parser=sub)
        command.add_arguments(sub)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args, extra = parser().parse_known_args(argv)
    if extra:
        args._parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        with terminate_as_interrupt():
            status = args._command.run(args)
            sys.stdout.flush()  # a closed pipe shows here, not at the interpreter's exit
        return status
    except USAGE_ERRORS as error:
        for message in error.args if isinstance(error, UsageError) else [error]:
            say(str(message))
        return EXIT_USAGE
    except KeyboardInterrupt as interrupt:  # its message, if any, says what was kept
        what = "terminated" if isinstance(interrupt, Terminated) else "interrupted"
        say(f"{what}: {interrupt}" if interrupt.args else what)
        return EXIT_TERMINATED if isinstance(interrupt, Terminated) else EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): stop without a word, and let the interpreter's
        # last flush of stdout go nowhere.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except OSError as error:  # an output file that cannot be written (--json, -o, ...)
        where = f"{error.filename}: " if error.filename else ""
        say(f"{where}{error.strerror or error}")
        return EXIT_USAGE


def synopsis() -> str:
    """One usage line (wrapped) per command and sub-command, as the parser has them."""
    return "\n".join(
        "    " + _usage(leaf).replace("\n", "\n    ").rstrip() for leaf in _leaves(parser())
    )


def _leaves(node: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    """The parsers that run a command (`setup ocaml-nx`, not `setup`), in order."""
    subcommands = [a for a in node._actions if isinstance(a, argparse._SubParsersAction)]
    if not subcommands:
        yield node
    for action in subcommands:
        for sub in action.choices.values():
            yield from _leaves(sub)


def _usage(leaf: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(leaf.prog, width=SYNOPSIS_WIDTH)
    actions = [a for a in leaf._actions if not isinstance(a, argparse._HelpAction)]
    formatter.add_usage(None, actions, leaf._mutually_exclusive_groups, prefix="")
    return formatter.format_help()
