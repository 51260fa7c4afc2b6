"""The pytest plugin: `pytest spec/` runs case files as test items.

Registered under the `pytest11` entry point. Every YAML file with a top-level
`cases:` key becomes a collector; every case an item named by its case id (so `-k`
selects by id words), failing with the runner's own message. A problem in a file
(bad YAML, a value out of range, ...) is an item that fails with `path:line: ...`.
`--nx-adapter NAME` chooses the implementation (default `reference`); `--nx-skip FILE`
reads a skip list. Works under pytest-xdist (`-n auto`): each worker opens its own
adapter, and collects the case files from the cache of validated files
(`conformance.spec_cache`), so that a worker's start costs reading them, not validating
them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from adapters.base import Adapter, AdapterError
from adapters.discovery import load_adapter
from conformance.cases import Case, Problem, display_path, load_file
from conformance.execute import Outcome
from conformance.results import CaseResult
from conformance.runner import SkipRule, read_skip_list, run_one

_CASE_FILE = re.compile(r"^cases\s*:", re.MULTILINE)
_adapters: dict[str, Adapter | AdapterError] = {}  # an implementation that cannot run: why


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("nx-conformance")
    group.addoption(
        "--nx-adapter",
        default="reference",
        metavar="NAME",
        help="implementation the case files run against (default: reference)",
    )
    group.addoption(
        "--nx-skip",
        action="append",
        default=[],
        metavar="FILE",
        help="skip list for case files: one case-id glob per line",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix != ".yaml":
        return None
    try:
        text = file_path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if not _CASE_FILE.search(text):
        return None
    return CaseFile.from_parent(parent, path=file_path)


def pytest_unconfigure(config: pytest.Config) -> None:
    for adapter in _adapters.values():
        if isinstance(adapter, Adapter):
            adapter.close()
    _adapters.clear()


def _adapter(config: pytest.Config) -> Adapter:
    """The implementation under test, or the `AdapterError` that says why it cannot run
    (an unknown name, a `cmd:` program that does not start), raised again for every item
    rather than trying again."""
    name = config.getoption("--nx-adapter")
    if name not in _adapters:
        try:
            _adapters[name] = load_adapter(name)
        except AdapterError as error:
            _adapters[name] = error
    adapter = _adapters[name]
    if isinstance(adapter, AdapterError):
        raise adapter
    return adapter


def _skip_rules(config: pytest.Config) -> list[SkipRule]:
    rules = getattr(config, "_nx_skip_rules", None)
    if rules is None:
        rules = [r for f in config.getoption("--nx-skip") for r in read_skip_list(Path(f))]
        config._nx_skip_rules = rules
    return rules


class CaseFile(pytest.File):
    def collect(self):
        cases, problems = load_file(self.path, display_path(self.path))
        for problem in problems:
            yield ProblemItem.from_parent(
                self, name=f"problem at line {problem.line}", problem=problem
            )
        for case in cases:
            yield CaseItem.from_parent(self, name=case.id, case=case)


class CaseFailed(Exception):
    def __init__(self, result: CaseResult):
        super().__init__(result.message)
        self.result = result


class CannotRun(Exception):
    """The implementation cannot run cases at all."""


class CaseItem(pytest.Item):
    def __init__(self, *, case: Case, **kwargs):
        super().__init__(**kwargs)
        self.case = case

    def runtest(self) -> None:
        try:
            result = run_one(self.case, _adapter(self.config), _skip_rules(self.config))
        except AdapterError as error:
            # No case can run: this item fails with the one message and the session stops
            # (`shouldstop` is honoured by pytest-xdist workers too).
            _adapters[self.config.getoption("--nx-adapter")] = error
            self.session.shouldstop = f"nx-conformance: {error}"
            raise CannotRun(str(error)) from None
        if result.outcome in (Outcome.FAIL, Outcome.ERROR):
            raise CaseFailed(result)
        if result.outcome in (Outcome.UNSUPPORTED, Outcome.SKIP):
            # Reported at the case's file:line, not at this line of the plugin.
            raise pytest.skip.Exception(
                f"{result.outcome.value}: {result.message}", _use_item_location=True
            )

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, CaseFailed):
            return excinfo.value.result.report()
        if isinstance(excinfo.value, CannotRun):
            return f"nx-conformance: {excinfo.value}"
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, self.case.line - 1, self.case.id


class ProblemItem(pytest.Item):
    def __init__(self, *, problem: Problem, **kwargs):
        super().__init__(**kwargs)
        self.problem = problem

    def runtest(self) -> None:
        raise CaseFileProblem(str(self.problem))

    def repr_failure(self, excinfo, style=None):
        return str(excinfo.value)

    def reportinfo(self):
        return self.path, self.problem.line - 1, f"problem: {self.problem.message}"


class CaseFileProblem(Exception):
    pass
