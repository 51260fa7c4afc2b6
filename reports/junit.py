"""The gate's verdict as JUnit XML (`nx-conformance gate --junit FILE`): a CI dashboard
shows what the gate decided, not the raw run.

    verdict                          JUnit
    pass                             passed
    known failure                    skipped, with its outcome, category and reason
                                     (a failure under --require-triage when untriaged)
    regression, changed failure      failure (a changed failure gives old and new message)
    passed in the baseline, not run  failure
    known failure, not run           skipped
    known failure now passing        passed (a failure under --strict)
    new since the baseline           its own outcome: passed, failure, error or skipped

One test suite per namespace.section, as in the run's JUnit; the cases that did not run
form the suite `not run`, and each threshold is a test case of the suite `thresholds`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from reports.gate import GateResult, Kind, Verdict
from reports.runs import ResultFileError

PASSED, FAILURE, ERROR, SKIPPED = "passed", "failure", "error", "skipped"
NEW_CASE = {
    "pass": PASSED,
    "fail": FAILURE,
    "error": ERROR,
    "unsupported": SKIPPED,
    "skip": SKIPPED,
}


def write(result: GateResult, label: str, path: Path) -> None:
    root = ET.Element("testsuites", name=f"nx-conformance gate ({label})")
    suites: dict[str, list[Verdict]] = {}
    for verdict in result.verdicts:
        suites.setdefault(_suite(verdict), []).append(verdict)
    for name, verdicts in sorted(suites.items()):
        suite = ET.SubElement(root, "testsuite", name=name)
        counts: Counter = Counter()
        for verdict in verdicts:
            status, message = _status(result, verdict)
            record = verdict.record or {}
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{record['namespace']}.{record['op']}"
                if "namespace" in record and "op" in record
                else verdict.case_id.partition("/")[0],
                name=verdict.case_id,
                time=f"{record.get('duration', 0):.6f}",
            )
            if "file" in record:
                case.set("file", str(record["file"]))
                case.set("line", str(record.get("line", "")))
            _outcome(case, status, message, _details(verdict))
            counts[status] += 1
        _count(suite, counts, len(verdicts))
    if result.checks:
        suite = ET.SubElement(root, "testsuite", name="thresholds")
        counts = Counter()
        for check in result.checks:
            case = ET.SubElement(
                suite, "testcase", classname="thresholds", name=check.threshold.name
            )
            status = PASSED if check.met else FAILURE
            _outcome(case, status, check.describe(), "")
            counts[status] += 1
        _count(suite, counts, len(result.checks))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    except OSError as error:
        raise ResultFileError(f"{path}: cannot write the JUnit file ({error.strerror})") from None


def _status(result: GateResult, verdict: Verdict) -> tuple[str, str]:
    """(JUnit status, one-line message) of a verdict."""
    now = f"{verdict.outcome}: {verdict.first_line}" if verdict.first_line else verdict.outcome
    expected = verdict.expected
    match verdict.kind:
        case Kind.PASS:
            return PASSED, ""
        case Kind.STALE if result.strict:
            return FAILURE, f"now passes, expected {expected.outcome}: a stale entry (--strict)"
        case Kind.STALE:
            return PASSED, ""
        case Kind.KNOWN if result.fails(verdict):
            return FAILURE, f"known failure without category and reason (--require-triage): {now}"
        case Kind.KNOWN:
            triage = f" [{expected.category.value}: {expected.reason}]" if expected.triaged else ""
            return SKIPPED, f"known failure{triage}: {now}"
        case Kind.REGRESSION:
            return FAILURE, f"regression: passed in the baseline, now {now}"
        case Kind.CHANGED:
            return FAILURE, f"changed failure: was {expected.shown}; now {now}"
        case Kind.MISSING:
            return FAILURE, "did not run, and passed in the baseline"
        case Kind.MISSING_KNOWN:
            return SKIPPED, f"did not run (a known failure: {expected.outcome})"
        case Kind.NEW:
            return NEW_CASE[verdict.outcome], f"not in the baseline: {now}"
    raise AssertionError(verdict.kind)


def _details(verdict: Verdict) -> str:
    record = verdict.record
    if not record or not record.get("message"):
        return ""
    where = f" ({record['file']}:{record.get('line')})" if "file" in record else ""
    return f"{verdict.case_id}{where}\n{record['message']}"


def _outcome(case: ET.Element, status: str, message: str, text: str) -> None:
    if status == PASSED:
        return
    element = ET.SubElement(case, status, message=message)
    if text and status != SKIPPED:
        element.text = text


def _count(suite: ET.Element, counts: Counter, total: int) -> None:
    suite.set("tests", str(total))
    suite.set("failures", str(counts[FAILURE]))
    suite.set("errors", str(counts[ERROR]))
    suite.set("skipped", str(counts[SKIPPED]))


def _suite(verdict: Verdict) -> str:
    record = verdict.record
    if record is None:
        return "not run"
    return f"{record.get('namespace', '-')}.{record.get('section') or 'unsectioned'}"
