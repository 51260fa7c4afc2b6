"""What a compatibility report shows, computed from runs: a matrix of documented functions
by implementation, read whole or by where the cases come from; a per-dtype-family
breakdown; spec coverage; the causes of each run's failures; run-to-run diffs; and, for
several runs of one implementation, what changed from release to release.

What a case answers to (its `basis`, spec/AUTHORING.md's order of authority) is read three
ways, so that a backend author can tell "my backend violates the documentation" from "my
backend deviates from IEEE 754 where the documentation is silent" from "my backend differs
from the suite's reading of it":
- documented behaviour: `documentation` (a sentence or worked example) and
  `documentation-rule` (a general rule: a type, the dtype section, broadcasting);
- IEEE 754: `ieee` (special values of an operation the documentation names);
- the suite's readings: `reading` (`spec/READINGS.md`).
A result file written before cases stated a basis has the one its `source` implies
(`doc-example`, `doc-text`, `error`: documentation; the others: a reading).

The documentation's structure comes from the spec's data files, read through the spec
package (`spec.documentation`): `spec/API-INVENTORY.yaml` (functions by namespace and
documentation section) and `spec/doc-examples.yaml` (worked examples by function). The
dtype groups, the outcomes, the bases and their groups are the spec's vocabulary
(`spec/vocabulary.yaml`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from reports import causes
from reports import gate as gates
from reports.baseline import Baseline
from reports.runs import OUTCOMES, Run
from spec import documentation, vocabulary

# The groups of dtype families a backend author reads the breakdown by.
FAMILIES: dict[str, tuple[str, ...]] = vocabulary.DTYPE_GROUPS
_FAMILY_OF = {dtype: family for family, names in FAMILIES.items() for dtype in names}
OTHER_SECTION = "(not in the documentation inventory)"

GROUPS: dict[str, tuple[str, ...]] = vocabulary.BASES_OF_GROUP  # group -> the bases it holds
GROUP_TITLES: dict[str, str] = vocabulary.SOURCE_GROUPS
_READING = "reading"  # the basis of what the documentation does not answer


def basis_of(record: dict[str, Any]) -> str:
    """A result's basis: as recorded, else as its source implies."""
    if record.get("basis"):
        return record["basis"]
    return vocabulary.BASIS_OF_SOURCE.get(record.get("source") or "", _READING)


def group_of(record: dict[str, Any]) -> str:
    """documented, ieee or ours."""
    return vocabulary.GROUP_OF_BASIS.get(basis_of(record), vocabulary.GROUP_OF_BASIS[_READING])


load_inventory = documentation.inventory
load_examples = documentation.examples


@dataclass
class Row:
    """One documented function: its outcome counts in each run, whole and by group."""

    namespace: str
    section: str
    op: str
    counts: list[Counter]
    groups: list[dict[str, Counter]] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.namespace}.{self.op}"


@dataclass
class Release:
    """Consecutive runs of one implementation (in the order given): what changed."""

    name: str
    runs: list[int]  # indices into Report.runs, oldest first
    steps: list[dict[str, list[dict[str, Any]]]]  # per consecutive pair: changes by function


@dataclass
class Report:
    runs: list[Run]
    rows: list[Row]
    families: dict[str, list[Counter]]
    coverage: list[dict[str, Any]]
    failures: list[dict[str, Any]]
    diff: dict[str, list[dict[str, Any]]] | None = None
    namespaces: list[str] = field(default_factory=list)
    groups: list[dict[str, Counter]] = field(default_factory=list)  # per run
    by_namespace: list[dict[str, Counter]] = field(default_factory=list)  # per run
    causes: list[causes.Causes] = field(default_factory=list)  # per run
    releases: list[Release] = field(default_factory=list)


def build(runs: list[Run], baseline: Baseline | None = None) -> Report:
    inventory = load_inventory()
    rows = _rows(runs, inventory)
    return Report(
        runs=runs,
        rows=rows,
        families=_families(runs),
        coverage=_coverage(runs, inventory, load_examples()),
        failures=_failures(runs),
        diff=diff(baseline, runs[0]) if baseline is not None else None,
        namespaces=sorted({r["namespace"] for run in runs for r in run.results.values()}),
        groups=[_group_counts(run.results.values()) for run in runs],
        by_namespace=[_namespace_counts(run.results.values()) for run in runs],
        causes=[causes.cluster(run) for run in runs],
        releases=releases(runs),
    )


def _namespace_counts(records) -> dict[str, Counter]:
    counts: dict[str, Counter] = {}
    for record in records:
        counts.setdefault(record["namespace"], Counter())[record["outcome"]] += 1
    return counts


def _group_counts(records) -> dict[str, Counter]:
    counts = {group: Counter() for group in GROUP_TITLES}
    for record in records:
        counts[group_of(record)][record["outcome"]] += 1
    return counts


def _rows(runs: list[Run], inventory: dict[str, dict[str, list[str]]]) -> list[Row]:
    section_of = {
        f"{ns}.{op}": section
        for ns, groups in inventory.items()
        for section, ops in groups.items()
        for op in ops
    }
    tested = {f"{r['namespace']}.{r['op']}": r for run in runs for r in run.results.values()}
    keys = list(section_of) + sorted(k for k in tested if k not in section_of)
    rows = []
    for key in keys:
        namespace, op = key.split(".", 1)
        counts = [Counter() for _ in runs]
        groups = [{group: Counter() for group in GROUP_TITLES} for _ in runs]
        rows.append(Row(namespace, section_of.get(key, OTHER_SECTION), op, counts, groups))
    by_key = {row.key: row for row in rows}
    for index, run in enumerate(runs):
        for result in run.results.values():
            row = by_key[f"{result['namespace']}.{result['op']}"]
            row.counts[index][result["outcome"]] += 1
            row.groups[index][group_of(result)][result["outcome"]] += 1
    return rows


def _families(runs: list[Run]) -> dict[str, list[Counter]]:
    families = {name: [Counter() for _ in runs] for name in FAMILIES}
    for index, run in enumerate(runs):
        for result in run.results.values():
            for family in {_FAMILY_OF[d] for d in result.get("dtypes", ()) if d in _FAMILY_OF}:
                families[family][index][result["outcome"]] += 1
    return families


def _coverage(runs: list[Run], inventory: dict, examples: list[dict[str, str]]) -> list[dict]:
    """Per documentation section: functions with cases, worked examples encoded."""
    tested = {f"{r['namespace']}.{r['op']}" for run in runs for r in run.results.values()}
    encoded = {e for run in runs for r in run.results.values() for e in r.get("examples", ())}
    examples_of: dict[str, list[str]] = {}
    for example in examples:
        examples_of.setdefault(example["function"], []).append(example["at"])
    sections = []
    for namespace, groups in inventory.items():
        for section, ops in groups.items():
            keys = [f"{namespace}.{op}" for op in ops]
            section_examples = [e for k in keys for e in examples_of.get(k, ())]
            sections.append(
                {
                    "namespace": namespace,
                    "section": section,
                    "functions": len(keys),
                    "covered": sum(k in tested for k in keys),
                    "missing": [k for k in keys if k not in tested],
                    "examples": len(section_examples),
                    "encoded": sum(e in encoded for e in section_examples),
                }
            )
    return sections


def _failures(runs: list[Run]) -> list[dict[str, Any]]:
    """Every failed or errored case of every run, for the drill-down."""
    failures = []
    for index, run in enumerate(runs):
        for result in sorted(run.results.values(), key=lambda r: r["id"]):
            if result["outcome"] in _BAD:
                failures.append({"run": index, **result})
    return failures


def diff(baseline: Baseline, current: Run) -> dict[str, list[dict[str, Any]]]:
    """What changed from `baseline` to `current`, as the gate judges it (`reports.gate`: the
    one place the changes are computed, so that the report and the gate never disagree)."""
    result = gates.gate(baseline, current)
    found: dict[str, list[dict[str, Any]]] = {key: [] for key in DIFF_KINDS}
    for verdict in result.verdicts:
        key = _DIFF_OF.get(verdict.kind)
        if key is None:
            continue
        record = verdict.record or {}
        expected = verdict.expected
        found[key].append(
            {
                "id": verdict.case_id,
                "before": expected.outcome if expected else None,
                "after": record.get("outcome"),
                "message": record.get("message") or (expected.shown if expected else ""),
            }
        )
    return found


# The report's sections of changes, and the gate's verdicts each holds.
DIFF_KINDS = {
    "regressions": "New failures (regressions)",
    "changed": "Known failures that now fail differently",
    "fixed": "Fixed",
    "disappeared": "Cases that disappeared",
    "added": "New cases",
}
_DIFF_OF = {
    gates.Kind.REGRESSION: "regressions",
    gates.Kind.CHANGED: "changed",
    gates.Kind.STALE: "fixed",
    gates.Kind.MISSING: "disappeared",
    gates.Kind.MISSING_KNOWN: "disappeared",
    gates.Kind.NEW: "added",
}


# --- Releases side by side ------------------------------------------------------------------

CHANGES = {
    "fixed": "fixed",
    "regressed": "regressed",
    "changed": "changed failure",
    "answered": "newly answered",
    "unanswered": "no longer answered",
}
_BAD = vocabulary.FAILED
_ANSWERED = vocabulary.ANSWERED


def implementation(run: Run) -> str:
    """What a run is a release of: its adapter's name, less an `@<release>` that names the
    run's own version, as adapters name one release of an implementation
    (`ocaml-nx@1.0.0_alpha3`, version 1.0.0~alpha3, is a release of `ocaml-nx`)."""
    name = str(run.adapter.get("name", run.label))
    base, _, release = name.rpartition("@")
    version = str(run.adapter.get("version", ""))
    if base and release and release.replace("~", "_") == version.replace("~", "_"):
        return base
    return name


def releases(runs: list[Run]) -> list[Release]:
    """Runs of one implementation (`implementation`), in the order given, oldest first."""
    by_name: dict[str, list[int]] = {}
    for index, run in enumerate(runs):
        by_name.setdefault(implementation(run), []).append(index)
    return [
        Release(name, indices, [changes(runs[a], runs[b]) for a, b in pairwise(indices)])
        for name, indices in by_name.items()
        if len(indices) > 1
    ]


def changes(before: Run, after: Run) -> dict[str, list[dict[str, Any]]]:
    """From one release to the next, by function: each case that was fixed, regressed,
    failed another way, or was newly (or no longer) answered."""
    found: dict[str, list[dict[str, Any]]] = {}
    for case_id in sorted(set(before.results) | set(after.results)):
        old, new = before.results.get(case_id), after.results.get(case_id)
        kind = change_of(old, new)
        if kind is None:
            continue
        record = new or old
        found.setdefault(f"{record['namespace']}.{record['op']}", []).append(
            {
                "id": case_id,
                "change": kind,
                "before": old["outcome"] if old else None,
                "after": new["outcome"] if new else None,
                "was": _failure_words(old),
                "now": _failure_words(new),
            }
        )
    return found


def change_of(old: dict[str, Any] | None, new: dict[str, Any] | None) -> str | None:
    was = old["outcome"] if old else None
    now = new["outcome"] if new else None
    if was in _BAD and now == "pass":
        return "fixed"
    if was == "pass" and now in _BAD:
        return "regressed"
    if was in _BAD and now in _BAD and _failure_words(old) != _failure_words(new):
        return "changed"
    if was not in _ANSWERED and now in _ANSWERED:
        return "answered"
    if was in _ANSWERED and now not in _ANSWERED:
        return "unanswered"
    return None


def _failure_words(record: dict[str, Any] | None) -> str | None:
    """A failure as a cause reads it (its signature and variant), to tell a failure that
    changed from one that stayed the same."""
    if not record or record["outcome"] not in _BAD:
        return None
    facts = causes.failure_of(record)
    return f"{causes.cause_name(facts)}: {causes.variant_of(facts, record)}"


# --- Cells ----------------------------------------------------------------------------------


def cell_status(counts: Counter) -> str:
    """The colour of a matrix cell: everything answered passes (`pass`, or `pass-answered`
    when some cases are unsupported), some pass and some fail (`partial`), or the worst of
    the rest (`error`, `fail`, `unsupported` when no case was answered)."""
    if not sum(counts.values()):
        return "none"
    if counts["pass"]:
        if counts["fail"] or counts["error"]:
            return "partial"
        return "pass-answered" if counts["unsupported"] else "pass"
    for outcome in ("error", "fail", "unsupported"):
        if counts[outcome]:
            return outcome
    return "skip"


__all__ = [
    "FAMILIES",
    "GROUPS",
    "OUTCOMES",
    "Report",
    "Row",
    "basis_of",
    "build",
    "cell_status",
    "changes",
    "diff",
    "group_of",
    "implementation",
    "releases",
]
