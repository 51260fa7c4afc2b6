"""Expectation files: the outcome a backend expects of each case, kept in its repository.

`nx-conformance baseline RESULTS.json -o BASELINE.yaml` writes one line per case id,
sorted, so that a change of expectations reads as a small diff:

    adapter: mybackend
    cases:
      nx.add/int8 wraps: pass
      nx.div/int32 truncates toward zero: fail

A case listed with an outcome other than `pass` is a known failure: the gate tolerates it,
and reports it when it starts passing so the baseline can be tightened. The gate also
accepts a results file as its baseline.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from reports.runs import OUTCOMES, ResultFileError, Run, read_run

HEADER = (
    "# nx-conformance baseline: the expected outcome of each case (sorted by case id).\n"
    "# Outcomes other than pass are known failures: the gate tolerates them.\n"
)


def expectations(run: Run) -> dict[str, str]:
    return {case_id: result["outcome"] for case_id, result in sorted(run.results.items())}


def write_baseline(run: Run, path: Path) -> None:
    document = {
        "adapter": run.label,
        "spec": {k: run.spec.get(k) for k in ("revision", "digest") if run.spec.get(k)},
        "cases": expectations(run),
    }
    text = HEADER + yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=1000)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def read_expectations(path: Path) -> tuple[str, dict[str, str]]:
    """(label, case id -> expected outcome) from a baseline YAML or a results file."""
    if path.suffix in (".yaml", ".yml"):
        try:
            document = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as error:
            raise ResultFileError(f"{path}: {error}") from None
        cases = document.get("cases") if isinstance(document, dict) else None
        if not isinstance(cases, dict):
            raise ResultFileError(f"{path}: a baseline is a mapping with 'cases: {{id: outcome}}'")
        unknown = sorted({o for o in cases.values() if o not in OUTCOMES})
        if unknown:
            raise ResultFileError(f"{path}: unknown outcome(s) {unknown}; expected {OUTCOMES}")
        return str(document.get("adapter", path.stem)), {str(k): v for k, v in cases.items()}
    run = read_run(path)
    return run.label, expectations(run)
