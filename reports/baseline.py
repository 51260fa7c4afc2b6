"""Baselines: the outcome a backend expects of each case, kept in its repository.

`nx-conformance baseline RESULTS... -o BASELINE.yaml [--keep-triage OLD.yaml]` writes
format 2, one entry per case, sorted by id, so that a change of expectations reads as a
small diff:

    format: nx-conformance-baseline/2
    adapter: mybackend
    spec: {revision: ..., digest: ...}
    cases:
      nx.add/int8 wraps: pass                   # short form: the outcome only
      nx.div/float16 true division, IEEE:       # a known failure: the long form
        outcome: fail
        signature: 'values differ: # of # element(s) of float16 [#] (...)'
        basis: ieee                             # what the case answers to (from the results)
        category: upstream                      # optional: upstream | inexpressible | difference
        reason: The documentation says ...      # required with a category

A case expected to end other than `pass` is a known failure: the gate tolerates it as
long as it fails the same way. The *signature* of a fail or error is the first line of its
message with the volatile numbers masked (`reports/signature.py`), so that one failure gives
one signature on every run; a known failure whose outcome or signature changes is a changed
failure. The message of `unsupported` and `skip` explains rather than observes, so only
their outcome is kept. `category` and `reason` are the triage of a known failure, kept
across re-baselines by `--keep-triage`. `basis` says what the case answers to
(spec/AUTHORING.md), so that triage reads "violates the documentation" (`documentation`,
`documentation-rule`) apart from "deviates from IEEE 754 where the documentation is silent"
(`ieee`) apart from "differs from the suite's reading" (`reading`). A reason states this
case's own evidence (what differed, or what was raised) and cites the passage it
contradicts as `document:line "verbatim words"` (`conformance/citations.py`).

Upstream findings are kept as root causes, not only as cases: a baseline may hold a
catalogue `causes: {ID: {summary, cites}}` (what the implementation does wrong, and the
passages it contradicts as `document:line "words"`), and an entry names its root cause with
`cause: ID` while its `reason` still states this case's own evidence. `nx-conformance
findings` lists the causes, with the cases each explains and a reproducer.

`--triage-cited` triages a new known failure whose case cites its passage: category
`upstream`, and a reason made of the case's evidence (the failure's first lines) and its
citations. It never replaces a triage kept from the old baseline.

Format 1 (`cases: {id: outcome}`, no `format` key) stays valid and means what it meant:
known failures are tolerated whatever they become. The gate also accepts a results file
as its baseline (format 2 semantics, with the whole old message to show).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from reports.runs import OUTCOMES, ResultFileError, Run, read_run
from reports.signature import signature
from spec import vocabulary

FORMAT = "nx-conformance-baseline/2"
SIGNED = vocabulary.FAILED  # fail, error: outcomes whose message observes the implementation
HEADER = (
    "# nx-conformance baseline: the expected outcome of each case (sorted by case id).\n"
    "# Outcomes other than pass are known failures: the gate tolerates them while they fail\n"
    "# the same way (same outcome and signature). basis is what the case answers to\n"
    "# (documentation | documentation-rule | ieee | reading); category (upstream |\n"
    "# inexpressible | difference) and reason are their triage.\n"
)
ENTRY_KEYS = ("outcome", "signature", "basis", "category", "cause", "reason")
CAUSE_KEYS = ("summary", "cites")
TOP_KEYS = ("format", "adapter", "spec", "causes", "cases")


# Why a known failure is accepted (`baseline_categories` of `spec/vocabulary.yaml`, which
# says what each means): upstream, inexpressible, difference.
Category = vocabulary.enumeration("Category", vocabulary.BASELINE_CATEGORIES, __name__)


CATEGORIES = tuple(c.value for c in Category)


# --- The model --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Expectation:
    """What the baseline expects of one case."""

    outcome: str
    signature: str | None = None  # of a fail or error; None when not recorded
    basis: str | None = None  # of a known failure: what the case answers to
    category: Category | None = None
    cause: str | None = None  # the id of its root cause in the baseline's catalogue
    reason: str | None = None
    message: str | None = None  # the whole first line, when the baseline is a results file

    @property
    def known_failure(self) -> bool:
        return self.outcome != "pass"

    @property
    def triaged(self) -> bool:
        return self.category is not None and bool(self.reason)

    @property
    def needs_triage(self) -> bool:
        """A fail or an error observes the implementation and needs a category and a reason;
        unsupported and skip explain themselves (their triage is optional)."""
        return self.outcome in SIGNED and not self.triaged

    @property
    def shown(self) -> str:
        """The failure as the baseline recorded it, for a changed-failure report."""
        return f"{self.outcome}: {self.message or self.signature or '(no message recorded)'}"


@dataclass(frozen=True)
class Cause:
    """A root cause of upstream findings: what the implementation does, and the passages
    (`document:line "words"`) it contradicts."""

    summary: str
    cites: tuple[str, ...]


@dataclass
class Baseline:
    label: str
    cases: dict[str, Expectation]
    spec: dict[str, Any]
    compares_failures: bool = True  # False for format 1: a known failure is only known
    path: str = ""
    causes: dict[str, Cause] = field(default_factory=dict)
    adapter: str | None = None  # the adapter it was taken of, where it says (format 1 may not)

    def untriaged(self) -> list[tuple[str, str]]:
        """(case id, outcome) of the fails and errors without category and reason."""
        return [(case_id, e.outcome) for case_id, e in self.cases.items() if e.needs_triage]


def expectation_of(record: dict[str, Any]) -> Expectation:
    """The expectation a result record sets: its outcome, and its signature if it failed."""
    outcome = record["outcome"]
    if outcome not in SIGNED:
        return Expectation(outcome)
    message = record.get("message") or ""
    first = message.splitlines()[0] if message.strip() else ""
    return Expectation(outcome, signature(message), basis=record.get("basis"), message=first)


EVIDENCE_LINES = 3  # of a failure's message, quoted in a reason made from a citation
CONTRADICTS = ". Contradicts "  # parts a reason's evidence from what it contradicts


def evidence(record: dict[str, Any]) -> str:
    """What this case's failure observed: the first lines of its message, on one line."""
    lines = [" ".join(line.split()) for line in (record.get("message") or "").splitlines()]
    return "; ".join(line for line in lines[:EVIDENCE_LINES] if line)


def cited_triage(record: dict[str, Any]) -> tuple[Category, str] | None:
    """The triage of a failing case that cites its passage: upstream, with this case's own
    evidence and the passage it contradicts; None for a case without citations."""
    cites = record.get("cites") or []
    if record["outcome"] not in SIGNED or not cites:
        return None
    readings = ", ".join(record.get("readings") or ())
    answers = {
        "ieee": "IEEE 754, where the documentation is silent on it, for",
        "reading": f"the suite's reading ({readings}) of" if readings else "the suite's reading of",
    }.get(record.get("basis") or "", "the documentation,")
    return Category.UPSTREAM, f"{evidence(record)}{CONTRADICTS}{answers} {'; '.join(cites)}."


def kept_triage(old: Expectation, new: Expectation, record: dict[str, Any]) -> Expectation:
    """`new` with the triage of `old` (category, cause, reason). A reason states its own
    case's evidence: when the failure changed (another outcome or signature), a reason of
    the form `EVIDENCE. Contradicts ...` gets this run's evidence; the explanation shared
    by several cases belongs to their cause in the catalogue, not to each reason."""
    reason = old.reason
    if (old.outcome, old.signature) != (new.outcome, new.signature) and reason:
        _, marker, contradicted = reason.partition(CONTRADICTS)
        if marker and evidence(record):
            reason = evidence(record) + marker + contradicted
    return replace(new, category=old.category, cause=old.cause, reason=reason)


def baseline_of(run: Run, keep: Baseline | None = None, *, triage_cited: bool = False) -> Baseline:
    """The baseline of a run; with `keep`, the triage of every case that still does not pass
    is carried over from it (`kept_triage`); with `triage_cited`, a known failure left
    untriaged whose case cites its passage is triaged from its evidence and citations
    (`cited_triage`)."""
    cases = {}
    for case_id, record in sorted(run.results.items()):
        expected = expectation_of(record)
        old = keep.cases.get(case_id) if keep else None
        if old and expected.known_failure and old.triaged:
            expected = kept_triage(old, expected, record)
        elif triage_cited and expected.known_failure:
            triage = cited_triage(record)
            if triage:
                expected = replace(expected, category=triage[0], reason=triage[1])
        cases[case_id] = expected
    spec = {k: run.spec[k] for k in ("revision", "digest") if run.spec.get(k)}
    causes = {}
    if keep:  # the causes the kept triage still names
        named = {e.cause for e in cases.values() if e.cause}
        causes = {k: c for k, c in keep.causes.items() if k in named}
    return Baseline(run.label, cases, spec, path=run.path, causes=causes, adapter=run.label)


# --- Writing ----------------------------------------------------------------------------------


def write_baseline(baseline: Baseline, path: Path) -> None:
    document = {
        "format": FORMAT,
        "adapter": baseline.label,
        "spec": baseline.spec,
        "causes": {
            key: {"summary": cause.summary, "cites": list(cause.cites)}
            for key, cause in sorted(baseline.causes.items())
        },
        "cases": {case_id: _entry(e) for case_id, e in sorted(baseline.cases.items())},
    }
    if not document["causes"]:
        del document["causes"]
    dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    text = HEADER + yaml.dump(
        document, Dumper=dumper, sort_keys=False, allow_unicode=True, width=1000
    )
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise ResultFileError(f"{path}: cannot write the baseline ({error.strerror})") from None


def _entry(expected: Expectation) -> str | dict[str, str]:
    long = {
        "outcome": expected.outcome,
        "signature": expected.signature,
        "basis": expected.basis,
        "category": expected.category.value if expected.category else None,
        "cause": expected.cause,
        "reason": expected.reason,
    }
    long = {k: v for k, v in long.items() if v is not None}
    return long if len(long) > 1 else expected.outcome


# --- Reading ----------------------------------------------------------------------------------


def read_baseline(path: Path) -> Baseline:
    """A baseline from a baseline YAML (format 1 or 2) or a results file; every problem is
    a `ResultFileError` reading `path: what is wrong`."""
    if path.suffix not in (".yaml", ".yml"):
        return baseline_of(read_run(path))
    try:
        document = yaml.load(path.read_text(encoding="utf-8"), Loader=_StrictLoader)
    except OSError as error:
        raise ResultFileError(f"{path}: {error.strerror or error}") from None
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise ResultFileError(f"{where}: not valid YAML ({error.problem})") from None
    except yaml.YAMLError as error:
        raise ResultFileError(f"{path}: not valid YAML ({error})") from None
    try:
        return _baseline_from(document, path)
    except ValueError as error:
        raise ResultFileError(f"{path}: {error}") from None


def _baseline_from(document: Any, path: Path) -> Baseline:
    if not isinstance(document, dict) or not isinstance(document.get("cases"), dict):
        raise ValueError("a baseline is a mapping with 'cases: {case id: outcome or entry}'")
    unknown = sorted(str(k) for k in document if k not in TOP_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {unknown}; a baseline has {', '.join(TOP_KEYS)}")
    version = document.get("format")
    if version not in (None, FORMAT):
        raise ValueError(f"format {version!r} is unknown; this version reads {FORMAT!r}")
    cases = {}
    for key, entry in document["cases"].items():
        case_id = str(key)
        try:
            cases[case_id] = _expectation(entry, long_allowed=version == FORMAT)
        except ValueError as error:
            raise ValueError(f"case {case_id!r}: {error}") from None
    spec = document.get("spec") or {}
    if not isinstance(spec, dict):
        raise ValueError("'spec' is a mapping {revision, digest}")
    causes = _causes(document.get("causes") or {})
    named = sorted({e.cause for e in cases.values() if e.cause} - causes.keys())
    if named:
        raise ValueError(f"cause(s) {named} are named by cases but not in 'causes'")
    adapter = str(document["adapter"]) if document.get("adapter") else None
    return Baseline(
        adapter or path.stem,
        cases,
        spec,
        compares_failures=version == FORMAT,
        path=str(path),
        causes=causes,
        adapter=adapter,
    )


def _causes(raw: Any) -> dict[str, Cause]:
    if not isinstance(raw, dict):
        raise ValueError("'causes' is a mapping {id: {summary, cites}}")
    causes = {}
    for key, entry in raw.items():
        if not isinstance(entry, dict) or sorted(entry) != sorted(CAUSE_KEYS):
            raise ValueError(f"cause {key!r}: a cause has exactly {', '.join(CAUSE_KEYS)}")
        cites = entry["cites"]
        if not isinstance(entry["summary"], str) or not isinstance(cites, list) or not cites:
            raise ValueError(f"cause {key!r}: summary is text, cites a non-empty list")
        causes[str(key)] = Cause(entry["summary"], tuple(str(c) for c in cites))
    return causes


def _expectation(entry: Any, *, long_allowed: bool) -> Expectation:
    if isinstance(entry, str):
        if entry not in OUTCOMES:
            raise ValueError(f"outcome {entry!r} is not one of {', '.join(OUTCOMES)}")
        return Expectation(entry)
    if not isinstance(entry, dict):
        raise ValueError("an entry is an outcome or a mapping {outcome, signature, ...}")
    if not long_allowed:
        raise ValueError(f"a long-form entry needs 'format: {FORMAT}' at the top of the file")
    unknown = sorted(str(k) for k in entry if k not in ENTRY_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {unknown}; an entry has {', '.join(ENTRY_KEYS)}")
    outcome = entry.get("outcome")
    if outcome not in OUTCOMES:
        raise ValueError(f"outcome {outcome!r} is not one of {', '.join(OUTCOMES)}")
    for key in ("signature", "basis", "cause", "reason"):
        if key in entry and not isinstance(entry[key], str):
            raise ValueError(f"{key} is text, got {entry[key]!r}")
    if outcome == "pass" and len(entry) > 1:
        raise ValueError("a case expected to pass has no signature, category or reason")
    if "signature" in entry and outcome not in SIGNED:
        raise ValueError(f"a signature is kept for {' and '.join(SIGNED)} only, not {outcome}")
    category = entry.get("category")
    if category is not None and category not in CATEGORIES:
        raise ValueError(f"category {category!r} is not one of {', '.join(CATEGORIES)}")
    reason = entry.get("reason")
    if category is not None and not (reason and reason.strip()):
        raise ValueError(f"category {category} needs a reason")
    cause = entry.get("cause")
    if cause is not None and category != Category.UPSTREAM.value:
        raise ValueError("a cause is named by an upstream finding only")
    return Expectation(
        outcome,
        signature=entry.get("signature"),
        basis=entry.get("basis"),
        category=Category(category) if category else None,
        cause=cause,
        reason=reason,
    )


class _StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The safe loader (C where available), refusing a key given twice in one mapping:
    a case id listed twice would otherwise silently keep only its last entry."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen: set = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            try:
                duplicate = key in seen
            except TypeError:
                continue  # an unhashable key: the base constructor says so
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    None, None, f"{key!r} is given twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep)
