"""`nx-conformance setup NAME --sources DIR`: build a real implementation from source
archives into the user cache, never from the network (`adapters/build.py`).

One sub-command per implementation of the registry that is built from sources
(`adapters.registry.built_from_sources`): each takes `--sources DIR` (the archives and
their `SHA256SUMS`) and the options of its own `add_setup_arguments`, and runs its `setup`.
Exit status 0 when everything is built (or was already), 2 when the sources are wrong or
a build step failed (its log's tail is printed).
"""

from __future__ import annotations

import argparse
import time

from adapters import registry
from conformance.cli import options
from conformance.cli.command import Command
from conformance.cli.errors import EXIT_OK


def add_arguments(parser: argparse.ArgumentParser) -> None:
    buildable = registry.built_from_sources()
    parser.description = "; ".join(f"{n}: {i.builds}" for n, i in sorted(buildable.items()))
    names = parser.add_subparsers(dest="name", metavar="NAME", required=True)
    for name, implementation in sorted(buildable.items()):
        sub = names.add_parser(name, help=implementation.builds, description=implementation.builds)
        help = "directory of the source archives and their SHA256SUMS"
        options.path(sub, "--sources", metavar="DIR", required=True, help=help)
        implementation.add_setup_arguments(sub)
        sub.set_defaults(_parser=sub)


def run(args: argparse.Namespace) -> int:
    started = time.monotonic()
    registry.by_name(args.name).setup(args, lambda line: print(line, flush=True))
    print(f"setup {args.name}: ready in {time.monotonic() - started:.0f} s")
    return EXIT_OK


COMMAND = Command(
    "setup",
    "build a real implementation from source archives into the user cache",
    add_arguments,
    run,
)
