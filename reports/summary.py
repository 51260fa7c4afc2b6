"""A one-paragraph Markdown summary of a run, for a pull-request comment."""

from __future__ import annotations

from reports.gate import GateResult
from reports.runs import Run


def markdown(run: Run, gate_result: GateResult | None = None, limit: int = 5) -> str:
    counts = run.counts
    considered = run.total - counts["skip"]
    rate = f"{100 * counts['pass'] / considered:.1f}%" if considered else "n/a"
    version = run.adapter.get("version")
    parts = [
        f"**nx-conformance** on `{run.label}`" + (f" {version}" if version else "") + ": "
        f"{counts['pass']:,}/{considered:,} cases pass ({rate})"
    ]
    others = [f"{counts[o]:,} {o}" for o in ("fail", "error", "unsupported", "skip") if counts[o]]
    if others:
        parts.append(" — " + ", ".join(others))
    parts.append(".")
    if gate_result is not None:
        if gate_result.regressions or gate_result.disappeared:
            shown = [f"`{case_id}`" for case_id, _, _ in gate_result.regressions[:limit]]
            shown += [f"`{case_id}` (missing)" for case_id in gate_result.disappeared[:limit]]
            count = len(gate_result.regressions) + len(gate_result.disappeared)
            parts.append(
                f" :x: {count} regression(s) against the baseline: {', '.join(shown)}"
                + (" …" if count > len(shown) else "")
                + "."
            )
        else:
            parts.append(" :white_check_mark: No regression against the baseline.")
        if gate_result.newly_passing:
            parts.append(f" {len(gate_result.newly_passing)} known failure(s) now pass.")
        parts.extend(f" {threshold}." for threshold in gate_result.thresholds)
    if run.interrupted:
        parts.append(" (The run was interrupted: these are partial results.)")
    return "".join(parts) + "\n"
