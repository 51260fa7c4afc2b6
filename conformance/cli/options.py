"""The options several commands share, each defined once, and the readers of their values.

`spec` (--spec PATH ...) and `load` (the spec it names, every path checked first);
`implementation` (--adapter / --against NAME) and `started` (those implementations,
started, closed at the end); `timeouts` (--timeout, --start-timeout); `select`, `jobs`,
`json`, `junit`, `html`, `summary_md`, `repo_url`, `baseline`, `output`; `results` (the
result files a report command reads) and `one_run` (one run from its shards).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from adapters.base import Adapter
from adapters.discovery import load_adapter
from conformance.cases import Spec, bundled_spec, load_spec
from conformance.cli.errors import UsageError
from reports.runs import Run, merge, read_run


def path(
    parser: argparse.ArgumentParser,
    *flags: str,
    help: str,
    metavar: str = "FILE",
    repeatable: bool = False,
    **more,
) -> None:
    """An option that names a file or a directory (a `Path`); `repeatable`: a list of them,
    one per use."""
    if repeatable:
        more.update(action="append", default=[])
    parser.add_argument(*flags, type=Path, metavar=metavar, help=help, **more)


def spec(parser: argparse.ArgumentParser) -> None:
    help = "a directory (or file) of case files; repeatable (default: the bundled spec)"
    path(parser, "--spec", metavar="PATH", help=help, action="append")


def load(args: argparse.Namespace, select: Sequence[str] = ()) -> Spec:
    """The spec of `--spec` (the bundled one by default): only the files `select` can
    match when it is given."""
    check_spec_paths(args)
    return load_spec(args.spec or [bundled_spec()], select)


def check_spec_paths(args: argparse.Namespace) -> None:
    """A `--spec` path that does not exist is a mistake of the command line."""
    for path in args.spec or ():
        if not path.exists():
            raise UsageError(f"--spec {path}: no such file or directory")


def print_problems(spec: Spec) -> None:
    for problem in spec.problems:
        print(problem, file=sys.stderr)


def implementation(
    parser: argparse.ArgumentParser, flag: str, *, default: str | None, help: str
) -> None:
    """`--adapter` or `--against`: an adapter name or form (`nx-conformance adapters`);
    required when it has no default."""
    if default is not None:
        help += f" (default: {default})"
    parser.add_argument(flag, default=default, required=default is None, metavar="NAME", help=help)


def timeouts(parser: argparse.ArgumentParser) -> None:
    timeout(parser)
    parser.add_argument(
        "--start-timeout",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="time a cmd: program has to print its hello line (default 10); "
        "a program that cannot start stops the run",
    )


def timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--timeout",
        type=_seconds,
        default=None,
        metavar="SECONDS",
        help="time a cmd: program has to answer one request (default 5)",
    )


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"needs a number of seconds above 0, got {text!r}")
    return value


def open_adapter(name: str, args: argparse.Namespace) -> Adapter:
    """The adapter `name`, started (a `cmd:` program has printed its hello), with the
    command's `timeouts` and `--isolate`; `AdapterError` saying why it cannot run."""
    return load_adapter(
        name,
        timeout=args.timeout,
        start_timeout=args.start_timeout,
        isolate=getattr(args, "isolate", False),
    )


@contextlib.contextmanager
def started(args: argparse.Namespace, *names: str) -> Iterator[list[Adapter]]:
    """The adapters `names`, started in turn; each is closed when the block ends, or when
    one after it cannot start."""
    with contextlib.ExitStack() as stack:
        adapters = []
        for name in names:
            adapter = open_adapter(name, args)
            stack.callback(adapter.close)
            adapters.append(adapter)
        yield adapters


def select(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--select",
        action="append",
        default=[],
        metavar="GLOB",
        help="only case ids matching this glob (repeatable), e.g. 'nx.div/*'",
    )


def jobs(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help=what)


def json(parser: argparse.ArgumentParser, what: str) -> None:
    path(parser, "--json", help=f"write {what} as JSON")


def junit(parser: argparse.ArgumentParser, what: str) -> None:
    path(parser, "--junit", help=f"write {what} as JUnit XML")


def html(parser: argparse.ArgumentParser, what: str) -> None:
    path(parser, "--html", help=f"write {what} as HTML")


def summary_md(parser: argparse.ArgumentParser, what: str) -> None:
    path(parser, "--summary-md", help=f"write {what} as Markdown")


def repo_url(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--repo-url",
        metavar="URL",
        help="link case files to this repository URL + their spec path "
        "(e.g. https://github.com/ORG/nx-conformance/blob/main)",
    )


def baseline(parser: argparse.ArgumentParser, what: str, *, required: bool = False) -> None:
    path(parser, "--baseline", help=what, required=required)


def output(parser: argparse.ArgumentParser, what: str, *, required: bool = False) -> None:
    path(parser, "-o", "--output", help=f"write {what} here", required=required)


def results(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("results", nargs="+", type=Path, metavar="RESULTS", help=what)


def one_run(paths: Sequence[Path]) -> Run:
    """One run from its results files (the shards of one run, merged)."""
    return merge([read_run(path) for path in paths])


def write_text(path: Path, text: str) -> None:
    """Write an output file, making its directory; an `OSError` says `FILE: reason`."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
