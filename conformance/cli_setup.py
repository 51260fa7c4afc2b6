"""`nx-conformance setup NAME --sources DIR`: build a real implementation from sources.

    nx-conformance setup ocaml-nx --sources DIR [--versions V ...] [-j N]
    nx-conformance setup arraymancer --sources DIR

Each name maps to the module that knows its recipe (`SETUPS`). The archives and their
`SHA256SUMS` come from DIR; what is built goes into the user cache and is found there by
the adapters. Exit status 0 when everything is built (or was already), 2 when the
sources are wrong or a build step failed (its log's tail is printed).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from adapters.build import BuildFailed, SourcesError
from adapters.discovery import UnknownAdapter

EXIT_OK, EXIT_USAGE = 0, 2


def _setup_ocaml_nx(args: argparse.Namespace) -> None:
    from adapters.ocaml_nx import toolchain

    versions = args.versions or list(toolchain.DEFAULT_VERSIONS)
    toolchain.setup(
        args.sources,
        versions,
        jobs=args.jobs,
        backends=args.backend or [],
        backend_source=args.backend_source,
    )
    if args.backend:
        # Build each backend's driver now, so that a backend that does not compile says so
        # here rather than on the first run.
        from adapters import ocaml_nx

        for version in versions:
            for spec in args.backend:
                _, module = toolchain.parse_backend(spec)
                path = ocaml_nx.driver_path(f"{version}+{module}")
                print(f"driver for ocaml-nx@{version}+{module}: {path}", flush=True)


def _setup_arraymancer(args: argparse.Namespace) -> None:
    from adapters.arraymancer import toolchain

    toolchain.setup(args.sources)


# The implementations `setup` builds, and what each is.
SETUPS = {
    "ocaml-nx": (_setup_ocaml_nx, "OCaml 5.3.0, dune and the real Nx releases (--versions)"),
    "arraymancer": (_setup_arraymancer, "Arraymancer 195c75d4's driver, with the system's Nim"),
}


def add_command(commands: argparse._SubParsersAction) -> None:
    setup = commands.add_parser(
        "setup",
        help="build a real implementation from source archives into the user cache",
        description="; ".join(f"{name}: {what}" for name, (_, what) in SETUPS.items()),
    )
    setup.add_argument("name", choices=sorted(SETUPS), help="what to build")
    setup.add_argument(
        "--sources",
        type=Path,
        required=True,
        metavar="DIR",
        help="directory of the source archives and their SHA256SUMS",
    )
    setup.add_argument(
        "--versions",
        nargs="+",
        metavar="V",
        help="releases to build (ocaml-nx: 1.0.0_alpha1 by default)",
    )
    setup.add_argument("-j", "--jobs", type=int, metavar="N", help="parallel build jobs")
    setup.add_argument(
        "--backend",
        action="append",
        metavar="LIBRARY:MODULE",
        help="ocaml-nx: a backend of each release (a dune library and its module implementing "
        "Nx_core.Backend_intf.S), run as ocaml-nx@RELEASE+MODULE; repeatable",
    )
    setup.add_argument(
        "--backend-source",
        type=Path,
        metavar="DIR",
        help="ocaml-nx: the dune project holding the --backend libraries (built with the driver)",
    )


def run_setup(args: argparse.Namespace) -> int:
    build, _ = SETUPS[args.name]
    started = time.monotonic()
    try:
        build(args)
    except (SourcesError, BuildFailed, ValueError, UnknownAdapter) as error:
        print(f"nx-conformance setup {args.name}: {error}", file=sys.stderr)
        return EXIT_USAGE
    print(f"setup {args.name}: ready in {time.monotonic() - started:.0f} s")
    return EXIT_OK
