"""The CI gate: does this run keep every promise of the baseline?

Each case gets one verdict (`Kind`); the gate fails on:
- a *regression*: a case the baseline expects to pass does not pass;
- a *changed failure*: a known failure (baseline outcome other than pass) that still does
  not pass but ends differently — another outcome, or for fail and error another signature
  (`reports/signature.py`) — reported with the old and the new message;
- a case that passed in the baseline and did not run (known failures that did not run
  are listed, not judged);
- an unmet threshold: pass rate or answered pass rate, overall or per namespace;
- with `strict`, a known failure that now passes (the baseline is stale);
- with `require_triage`, a known fail or error without category and reason (an
  unsupported or skipped case explains itself and needs no triage).
Known failures that fail the same way pass the gate; cases new since the baseline are
reported with their outcome, not judged. A format-1 baseline records no signatures and
no outcome kinds to compare: its known failures never change.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from reports.baseline import SIGNED, Baseline, Expectation
from reports.runs import Run
from reports.signature import signature


class Kind(enum.Enum):
    PASS = "pass"  # expected to pass, passes
    KNOWN = "known failure"  # a known failure that fails as recorded
    REGRESSION = "regression"  # expected to pass, does not
    CHANGED = "changed failure"  # a known failure that now fails differently
    STALE = "now passes"  # a known failure that passes: the baseline can be tightened
    NEW = "new"  # not in the baseline
    MISSING = "did not run"  # expected to pass, not in the run
    MISSING_KNOWN = "known failure did not run"  # a known failure, not in the run


@dataclass(frozen=True)
class Verdict:
    case_id: str
    kind: Kind
    expected: Expectation | None = None
    record: dict[str, Any] | None = None

    @property
    def outcome(self) -> str | None:
        return self.record["outcome"] if self.record else None

    @property
    def first_line(self) -> str:
        message = (self.record or {}).get("message") or ""
        return message.splitlines()[0] if message.strip() else ""


@dataclass(frozen=True)
class Threshold:
    minimum: float
    namespace: str | None = None
    answered: bool = False  # over answered cases: pass / (cases - unsupported - skip)

    @property
    def name(self) -> str:
        scope = f"namespace {self.namespace}" if self.namespace else "overall"
        return f"{scope} {'answered pass rate' if self.answered else 'pass rate'}"


@dataclass(frozen=True)
class Check:
    threshold: Threshold
    rate: float | None

    @property
    def met(self) -> bool:
        return self.rate is not None and self.rate >= self.threshold.minimum

    def describe(self) -> str:
        minimum = self.threshold.minimum
        relation = "meets" if self.met else "is below"
        if self.rate is None:
            return f"{self.threshold.name} n/a (no cases) {relation} {_percent(minimum)}"
        digits = 2  # as many as it takes for a rate below its minimum to show below it
        while digits < 12 and _percent(self.rate, digits) == _percent(minimum, digits):
            digits += 1
        if self.rate >= minimum:
            digits = 2
        shown, wanted = _percent(self.rate, digits), _percent(minimum, digits)
        return f"{self.threshold.name} {shown} {relation} {wanted}"


def _percent(rate: float, digits: int = 2) -> str:
    return f"{100 * rate:.{digits}f}%"


@dataclass
class GateResult:
    verdicts: list[Verdict] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)
    strict: bool = False
    require_triage: bool = False
    against_baseline: bool = True

    def of(self, *kinds: Kind) -> list[Verdict]:
        return [v for v in self.verdicts if v.kind in kinds]

    def fails(self, verdict: Verdict) -> bool:
        """Does this verdict fail the gate (under this gate's options)?"""
        if verdict.kind in (Kind.REGRESSION, Kind.CHANGED, Kind.MISSING):
            return True
        if verdict.kind is Kind.STALE:
            return self.strict
        if verdict.kind is Kind.KNOWN:
            return self.require_triage and verdict.expected.needs_triage
        return False

    @property
    def failing(self) -> list[Verdict]:
        return [v for v in self.verdicts if self.fails(v)]

    @property
    def untriaged(self) -> list[Verdict]:
        return [v for v in self.of(Kind.KNOWN) if v.expected.needs_triage]

    @property
    def thresholds(self) -> list[str]:
        """The unmet thresholds, in words."""
        return [check.describe() for check in self.checks if not check.met]

    @property
    def ok(self) -> bool:
        return not (self.failing or self.thresholds)


def gate(
    baseline: Baseline | None,
    run: Run,
    thresholds: list[Threshold] = (),
    *,
    strict: bool = False,
    require_triage: bool = False,
) -> GateResult:
    result = GateResult(
        strict=strict, require_triage=require_triage, against_baseline=baseline is not None
    )
    expected_cases = baseline.cases if baseline else {}
    compares = baseline.compares_failures if baseline else False
    for case_id in sorted(expected_cases.keys() | run.results.keys()):
        expected, record = expected_cases.get(case_id), run.results.get(case_id)
        kind = _kind(expected, record, compares)
        result.verdicts.append(Verdict(case_id, kind, expected, record))
    for threshold in thresholds:
        rate = (run.answered_pass_rate if threshold.answered else run.pass_rate)(
            threshold.namespace
        )
        result.checks.append(Check(threshold, rate))
    return result


def _kind(expected: Expectation | None, record: dict[str, Any] | None, compares: bool) -> Kind:
    if expected is None:
        return Kind.NEW
    if record is None:
        return Kind.MISSING_KNOWN if expected.known_failure else Kind.MISSING
    passes = record["outcome"] == "pass"
    if not expected.known_failure:
        return Kind.PASS if passes else Kind.REGRESSION
    if passes:
        return Kind.STALE
    return Kind.CHANGED if compares and _changed(expected, record) else Kind.KNOWN


def _changed(expected: Expectation, record: dict[str, Any]) -> bool:
    if record["outcome"] != expected.outcome:
        return True
    return (
        expected.signature is not None
        and record["outcome"] in SIGNED
        and signature(record.get("message") or "") != expected.signature
    )


def render(result: GateResult, label: str, limit: int = 50) -> str:
    lines: list[str] = []

    def section(title: str, verdicts: list[Verdict], line) -> None:
        if verdicts:
            lines.append(f"{len(verdicts)} {title}")
            lines.extend(line(v) for v in verdicts[:limit])
            if len(verdicts) > limit:
                lines.append(f"  ... and {len(verdicts) - limit} more")

    section(
        "regression(s): cases that passed in the baseline",
        result.of(Kind.REGRESSION),
        lambda v: (
            f"  {v.outcome.upper():11} {v.case_id}"
            + (f"  ({v.first_line})" if v.first_line else "")
        ),
    )
    section(
        "changed failure(s): known failures that now fail differently",
        result.of(Kind.CHANGED),
        lambda v: (
            f"  CHANGED     {v.case_id}\n      was: {v.expected.shown}\n"
            f"      now: {v.outcome}: {v.first_line or '(no message)'}"
        ),
    )
    section(
        "case(s) that passed in the baseline did not run",
        result.of(Kind.MISSING),
        lambda v: f"  MISSING     {v.case_id}",
    )
    lines.extend(result.thresholds)
    if result.require_triage:
        section(
            "known failure(s) without category and reason (--require-triage)",
            result.untriaged,
            lambda v: f"  UNTRIAGED   {v.case_id} ({v.outcome})",
        )
    stale = "fail the gate (--strict)" if result.strict else "tighten the baseline"
    section(
        f"known failure(s) now pass: {stale}",
        result.of(Kind.STALE),
        lambda v: f"  NOW PASSES  {v.case_id} (was {v.expected.outcome})",
    )
    section(
        "known failure(s) of the baseline did not run (not judged)",
        result.of(Kind.MISSING_KNOWN),
        lambda v: f"  NOT RUN     {v.case_id} (expected {v.expected.outcome})",
    )
    new = result.of(Kind.NEW)
    if new and result.against_baseline:
        failing = sum(v.outcome != "pass" for v in new)
        lines.append(f"{len(new)} case(s) not in the baseline ({failing} not passing)")
    verdict = "PASSED" if result.ok else "FAILED"
    lines.append(f"gate {verdict} for {label}")
    return "\n".join(lines)
