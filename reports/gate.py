"""The CI gate: does this run keep every promise of the baseline?

A run fails the gate when a case the baseline expects to pass does not pass, when a
baseline case is missing from the run, or when a pass-rate threshold (overall or per
namespace) is not met. Known failures (baseline outcome other than pass) never fail it;
those that now pass are listed so the baseline can be tightened. Cases that are new
since the baseline are reported, not judged.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reports.runs import Run


@dataclass
class GateResult:
    regressions: list[tuple[str, str, str]] = field(default_factory=list)  # id, now, message
    disappeared: list[str] = field(default_factory=list)
    newly_passing: list[tuple[str, str]] = field(default_factory=list)  # id, expected outcome
    new_cases: list[tuple[str, str]] = field(default_factory=list)  # id, outcome
    thresholds: list[str] = field(default_factory=list)  # unmet thresholds, in words

    @property
    def ok(self) -> bool:
        return not (self.regressions or self.disappeared or self.thresholds)


def gate(
    expected: dict[str, str],
    run: Run,
    *,
    min_pass_rate: float | None = None,
    namespace_minimums: dict[str, float] | None = None,
) -> GateResult:
    result = GateResult()
    for case_id, outcome in sorted(expected.items()):
        now = run.results.get(case_id)
        if now is None:
            result.disappeared.append(case_id)
        elif outcome == "pass" and now["outcome"] != "pass":
            result.regressions.append((case_id, now["outcome"], now.get("message", "")))
        elif outcome != "pass" and now["outcome"] == "pass":
            result.newly_passing.append((case_id, outcome))
    result.new_cases = sorted(
        (case_id, r["outcome"]) for case_id, r in run.results.items() if case_id not in expected
    )
    checks = [(None, min_pass_rate), *sorted((namespace_minimums or {}).items())]
    for namespace, minimum in checks:
        if minimum is None:
            continue
        rate = run.pass_rate(namespace)
        scope = f"namespace {namespace}" if namespace else "overall"
        if rate is None or rate < minimum:
            shown = "no cases" if rate is None else f"{100 * rate:.2f}%"
            result.thresholds.append(f"{scope} pass rate {shown} is below {100 * minimum:.2f}%")
    return result


def render(result: GateResult, label: str, limit: int = 50) -> str:
    lines = []
    if result.regressions:
        lines.append(f"{len(result.regressions)} regression(s): cases that passed in the baseline")
        for case_id, outcome, message in result.regressions[:limit]:
            first = message.splitlines()[0] if message else ""
            lines.append(f"  {outcome.upper():11} {case_id}" + (f"  ({first})" if first else ""))
    if result.disappeared:
        lines.append(f"{len(result.disappeared)} case(s) of the baseline did not run")
        lines.extend(f"  MISSING     {case_id}" for case_id in result.disappeared[:limit])
    lines.extend(result.thresholds)
    if result.newly_passing:
        lines.append(f"{len(result.newly_passing)} known failure(s) now pass: tighten the baseline")
        lines.extend(
            f"  NOW PASSES  {case_id} (was {was})" for case_id, was in result.newly_passing[:limit]
        )
    if result.new_cases:
        failing = sum(outcome != "pass" for _, outcome in result.new_cases)
        lines.append(f"{len(result.new_cases)} case(s) not in the baseline ({failing} not passing)")
    verdict = "PASSED" if result.ok else "FAILED"
    lines.append(f"gate {verdict} for {label}")
    return "\n".join(lines)
