"""Findings a maintainer can act on: the distinct root causes of an implementation's upstream
failures, not its cases.

A baseline's catalogue (`causes:`) names each root cause once: what the implementation does,
and the passages it contradicts (`document:line "words"`); each upstream entry names its
cause (`cause: ID`) and states its own evidence in its `reason`. A finding is a cause with
the cases of a run that it explains (those that still fail), their bases (documentation,
documentation rule, IEEE 754, a reading), and, given runs of other releases of the same
implementation, whether it persists there: a release *fixes* a cause when every one of its
cases that it answers passes, and cannot say when it answers none. Upstream entries without
a cause are listed apart, as work left for triage.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from reports.baseline import Baseline, Category
from reports.runs import Run
from spec import vocabulary

FAILED = vocabulary.FAILED  # fail, error


@dataclass
class Finding:
    cause: str
    summary: str
    cites: tuple[str, ...]
    cases: list[str] = field(default_factory=list)  # failing in the run, sorted
    bases: Counter = field(default_factory=Counter)
    persists: dict[str, str] = field(default_factory=dict)  # release label -> verdict

    def to_json(self) -> dict:
        return {
            "cause": self.cause,
            "summary": self.summary,
            "cites": list(self.cites),
            "cases": self.cases,
            "bases": dict(self.bases),
            "persists": self.persists,
        }


@dataclass
class Findings:
    label: str
    found: list[Finding]  # biggest first
    unattributed: list[str]  # upstream failures whose entry names no cause


def findings(run: Run, baseline: Baseline, releases: list[Run] = ()) -> Findings:
    """The root causes of `run`'s upstream failures, by the catalogue of `baseline`."""
    found: dict[str, Finding] = {
        key: Finding(key, cause.summary, cause.cites) for key, cause in baseline.causes.items()
    }
    unattributed = []
    for case_id, record in sorted(run.results.items()):
        entry = baseline.cases.get(case_id)
        if record["outcome"] not in FAILED or entry is None:
            continue
        if entry.category is not Category.UPSTREAM:
            continue
        if entry.cause is None:
            unattributed.append(case_id)
            continue
        finding = found[entry.cause]
        finding.cases.append(case_id)
        finding.bases[record.get("basis") or entry.basis or "reading"] += 1
    for finding in found.values():
        finding.persists = {other.label: persistence(finding.cases, other) for other in releases}
    shown = sorted((f for f in found.values() if f.cases), key=lambda f: (-len(f.cases), f.cause))
    return Findings(run.label, shown, unattributed)


def persistence(cases: list[str], other: Run) -> str:
    """Whether a cause's cases still fail in another release's run."""
    answered = [other.results[c]["outcome"] for c in cases if c in other.results]
    answered = [o for o in answered if o in vocabulary.ANSWERED]
    if not answered:
        return "not answered"
    still = sum(o in FAILED for o in answered)
    if still == 0:
        return f"fixed ({len(answered)} of {len(cases)} cases answered, all pass)"
    return f"persists ({still} of {len(answered)} answered cases fail)"


def render_text(result: Findings, reproducers: dict[str, str] | None = None) -> str:
    """The findings as text: one block per cause, biggest first."""
    reproducers = reproducers or {}
    total = sum(len(f.cases) for f in result.found)
    lines = [
        f"{result.label}: {len(result.found)} root cause(s) explain {total} upstream "
        f"failure(s); {len(result.unattributed)} upstream failure(s) name no cause"
    ]
    for number, finding in enumerate(result.found, 1):
        bases = ", ".join(f"{b} ×{n}" for b, n in finding.bases.most_common())
        lines += ["", f"{number}. {finding.cause}: {finding.summary}"]
        lines += [f"   contradicts {cite}" for cite in finding.cites]
        lines.append(f"   explains {len(finding.cases)} case(s) ({bases}):")
        lines += [f"     {case_id}" for case_id in finding.cases[:5]]
        if len(finding.cases) > 5:
            lines.append(f"     ... and {len(finding.cases) - 5} more")
        for label, verdict in finding.persists.items():
            lines.append(f"   in {label}: {verdict}")
        if finding.cause in reproducers:
            lines.append("   reproducer:")
            lines += [f"     {line}" for line in reproducers[finding.cause].splitlines()]
    if result.unattributed:
        lines += ["", "Upstream failures that name no cause (triage left to do):"]
        lines += [f"  {case_id}" for case_id in result.unattributed[:20]]
        if len(result.unattributed) > 20:
            lines.append(f"  ... and {len(result.unattributed) - 20} more")
    return "\n".join(lines)
