"""Spec coverage: which documented functions have cases, which worked examples are encoded.

The denominators are data shipped with the spec: `spec/API-INVENTORY.yaml` (every
documented function, by namespace and documentation section) and
`spec/doc-examples.yaml` (every worked example of the documentation, by function).
A function is covered when at least one valid case calls it; an example is encoded
when a case lists its id in `meta: {examples: [...]}`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import yaml

from conformance.cases import Case, bundled_spec


@dataclass
class SectionCoverage:
    namespace: str
    section: str
    functions: list[str]
    covered: set[str] = field(default_factory=set)
    examples: list[str] = field(default_factory=list)
    encoded: set[str] = field(default_factory=set)

    @property
    def missing(self) -> list[str]:
        return [f for f in self.functions if f not in self.covered]


def inventory() -> dict[str, dict[str, list[str]]]:
    return yaml.safe_load((bundled_spec() / "API-INVENTORY.yaml").read_text(encoding="utf-8"))


def doc_examples() -> list[dict]:
    data = yaml.safe_load((bundled_spec() / "doc-examples.yaml").read_text(encoding="utf-8"))
    return data["examples"]


def measure(cases: Iterable[Case]) -> list[SectionCoverage]:
    cases = list(cases)
    called = {f"{c.namespace}.{c.op}" for c in cases}
    encoded = {str(e) for c in cases for e in c.meta.get("examples", ()) or ()}
    sections: list[SectionCoverage] = []
    by_function: dict[str, SectionCoverage] = {}
    for namespace, groups in inventory().items():
        for section, functions in groups.items():
            entry = SectionCoverage(namespace, section, list(functions))
            entry.covered = {f for f in functions if f"{namespace}.{f}" in called}
            sections.append(entry)
            for function in functions:
                by_function.setdefault(f"{namespace}.{function}", entry)
    for example in doc_examples():
        entry = by_function.get(example["function"])
        if entry is None:
            continue
        entry.examples.append(example["at"])
        if example["at"] in encoded:
            entry.encoded.add(example["at"])
    return sections


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f}%" if whole else "    -"


def render(sections: list[SectionCoverage]) -> str:
    width = max(len(f"{s.namespace}: {s.section}") for s in sections)
    lines = [f"{'section':{width}}  {'functions':>15}  {'examples':>15}"]
    total_functions = total_covered = total_examples = total_encoded = 0
    for s in sections:
        name = f"{s.namespace}: {s.section}"
        functions = (
            f"{len(s.covered)}/{len(s.functions)} {_percent(len(s.covered), len(s.functions))}"
        )
        examples = f"{len(s.encoded)}/{len(s.examples)} {_percent(len(s.encoded), len(s.examples))}"
        lines.append(f"{name:{width}}  {functions:>15}  {examples:>15}")
        total_functions += len(s.functions)
        total_covered += len(s.covered)
        total_examples += len(s.examples)
        total_encoded += len(s.encoded)
    lines.append("-" * len(lines[0]))
    lines.append(
        f"{'total':{width}}  "
        f"{f'{total_covered}/{total_functions} {_percent(total_covered, total_functions)}':>15}  "
        f"{f'{total_encoded}/{total_examples} {_percent(total_encoded, total_examples)}':>15}"
    )
    missing = [f"{s.namespace}.{f}" for s in sections for f in s.missing]
    if missing:
        lines.append(
            f"functions without cases ({len(missing)}): "
            + ", ".join(missing[:40])
            + (" ..." if len(missing) > 40 else "")
        )
    return "\n".join(lines)
