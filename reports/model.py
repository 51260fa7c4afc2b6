"""What a compatibility report shows, computed from runs: a matrix of documented functions
by implementation, a per-dtype-family breakdown, spec coverage, and run-to-run diffs.

The documentation's structure comes from the spec's data files (read as data):
`spec/API-INVENTORY.yaml` (functions by namespace and documentation section) and
`spec/doc-examples.yaml` (worked examples by function).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from reports.runs import OUTCOMES, Run

SPEC = Path(__file__).resolve().parent.parent / "spec"

# The dtype families a backend author reads the breakdown by.
FAMILIES: dict[str, tuple[str, ...]] = {
    "float (32/64)": ("float32", "float64"),
    "low-precision float": ("float16", "bfloat16", "float8_e4m3", "float8_e5m2"),
    "signed int": ("int4", "int8", "int16", "int32", "int64", "int", "nativeint", "qint8"),
    "unsigned int": ("uint4", "uint8", "uint16", "quint8"),
    "bool": ("bool",),
    "complex": ("complex16", "complex32", "complex64"),
}
_FAMILY_OF = {dtype: family for family, names in FAMILIES.items() for dtype in names}
OTHER_SECTION = "(not in the documentation inventory)"


def load_inventory() -> dict[str, dict[str, list[str]]]:
    return yaml.safe_load((SPEC / "API-INVENTORY.yaml").read_text(encoding="utf-8"))


def load_examples() -> list[dict[str, str]]:
    return yaml.safe_load((SPEC / "doc-examples.yaml").read_text(encoding="utf-8"))["examples"]


@dataclass
class Row:
    """One documented function: its outcome counts in each run."""

    namespace: str
    section: str
    op: str
    counts: list[Counter]

    @property
    def key(self) -> str:
        return f"{self.namespace}.{self.op}"


@dataclass
class Report:
    runs: list[Run]
    rows: list[Row]
    families: dict[str, list[Counter]]
    coverage: list[dict[str, Any]]
    failures: list[dict[str, Any]]
    diff: dict[str, list[dict[str, Any]]] | None = None
    namespaces: list[str] = field(default_factory=list)


def build(runs: list[Run], baseline: Run | None = None) -> Report:
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
    )


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
        rows.append(Row(namespace, section_of.get(key, OTHER_SECTION), op, counts))
    by_key = {row.key: row for row in rows}
    for index, run in enumerate(runs):
        for result in run.results.values():
            by_key[f"{result['namespace']}.{result['op']}"].counts[index][result["outcome"]] += 1
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
            if result["outcome"] in ("fail", "error"):
                failures.append({"run": index, **result})
    return failures


def diff(baseline: Run, current: Run) -> dict[str, list[dict[str, Any]]]:
    """What changed from `baseline` to `current` (two runs of one implementation)."""
    regressions, fixed, disappeared, added = [], [], [], []
    for case_id, before in sorted(baseline.results.items()):
        after = current.results.get(case_id)
        if after is None:
            disappeared.append({"id": case_id, "before": before["outcome"], "after": None})
        elif before["outcome"] == "pass" and after["outcome"] != "pass":
            regressions.append(
                {
                    "id": case_id,
                    "before": "pass",
                    "after": after["outcome"],
                    "message": after.get("message", ""),
                }
            )
        elif before["outcome"] != "pass" and after["outcome"] == "pass":
            fixed.append({"id": case_id, "before": before["outcome"], "after": "pass"})
    for case_id, after in sorted(current.results.items()):
        if case_id not in baseline.results:
            added.append({"id": case_id, "before": None, "after": after["outcome"]})
    return {"regressions": regressions, "fixed": fixed, "disappeared": disappeared, "added": added}


def cell_status(counts: Counter) -> str:
    """The colour of a matrix cell: all passed, some passed, or the worst of the rest."""
    if not sum(counts.values()):
        return "none"
    if counts["pass"]:
        return "partial" if counts["fail"] or counts["error"] or counts["unsupported"] else "pass"
    for outcome in ("error", "fail", "unsupported"):
        if counts[outcome]:
            return outcome
    return "skip"


__all__ = ["FAMILIES", "OUTCOMES", "Report", "Row", "build", "cell_status", "diff"]
