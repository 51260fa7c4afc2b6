"""A one-paragraph Markdown summary of a run, for a pull-request comment, and the list of
its top causes of failure (`reports/causes.py`)."""

from __future__ import annotations

from reports import causes
from reports.gate import GateResult, Kind
from reports.runs import OUTCOMES, Run

NOTED = {Kind.CHANGED: " (changed)", Kind.MISSING: " (missing)", Kind.STALE: " (now passes)"}


def markdown(run: Run, gate_result: GateResult | None = None, limit: int = 5) -> str:
    counts = run.counts
    considered = run.total - counts["skip"]
    answered = considered - counts["unsupported"]
    version = run.adapter.get("version")
    parts = [
        f"**nx-conformance** on `{run.label}`" + (f" {version}" if version else "") + ": "
        f"{counts['pass']:,}/{considered:,} cases pass ({_percent(run.pass_rate())}), "
        f"{counts['pass']:,}/{answered:,} of those answered ({_percent(run.answered_pass_rate())})"
    ]
    others = [f"{counts[o]:,} {o}" for o in OUTCOMES if o != "pass" and counts[o]]
    if others:
        parts.append(" — " + ", ".join(others))
    parts.append(".")
    if gate_result is not None:
        parts.append(_gate(gate_result, limit))
    if run.interrupted:
        parts.append(" (The run was interrupted: these are partial results.)")
    top = causes.markdown(causes.cluster(run))
    return "".join(parts) + "\n" + ("\n" + top if top else "")


def _gate(result: GateResult, limit: int) -> str:
    failing = [v for v in result.failing if v.kind is not Kind.KNOWN]
    untriaged = [v for v in result.failing if v.kind is Kind.KNOWN]
    parts = []
    if failing:
        shown = [f"`{v.case_id}`{NOTED.get(v.kind, '')}" for v in failing[:limit]]
        parts.append(
            f" :x: {len(failing)} regression(s) against the baseline: {', '.join(shown)}"
            + (" …" if len(failing) > len(shown) else "")
            + "."
        )
    elif result.against_baseline:
        parts.append(" :white_check_mark: No regression against the baseline.")
    if untriaged:
        parts.append(f" :x: {len(untriaged)} known failure(s) without category and reason.")
    stale = result.of(Kind.STALE)
    if stale and not result.strict:
        parts.append(f" {len(stale)} known failure(s) now pass.")
    parts.extend(f" :x: {threshold}." for threshold in result.thresholds)
    return "".join(parts)


def _percent(rate: float | None) -> str:
    return "n/a" if rate is None else f"{100 * rate:.1f}%"
