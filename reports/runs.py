"""Result files, read back: one `Run` per file (an implementation's results on a spec).

Reports read only these files (`nx-conformance run --json`), never the runner or the
reference, so a report can be made from results of any machine or version. A finished
file is one JSON document (`format: nx-conformance-results/1`); an interrupted run leaves
`FILE.partial`, JSON Lines with a header line first, which is read the same way.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FORMAT = "nx-conformance-results/1"
OUTCOMES = ("pass", "fail", "error", "unsupported", "skip")


class ResultFileError(ValueError):
    pass


@dataclass
class Run:
    """One implementation's results: `results` by case id."""

    label: str
    adapter: dict[str, Any]
    spec: dict[str, Any]
    started: str
    results: dict[str, dict[str, Any]]
    interrupted: bool = False
    path: str = ""
    counts: Counter = field(default_factory=Counter)

    def __post_init__(self) -> None:
        self.counts = Counter(r["outcome"] for r in self.results.values())

    @property
    def total(self) -> int:
        return len(self.results)

    def pass_rate(self, namespace: str | None = None) -> float | None:
        chosen = [r for r in self.results.values() if namespace in (None, r["namespace"])]
        considered = [r for r in chosen if r["outcome"] != "skip"]
        if not considered:
            return None
        return sum(r["outcome"] == "pass" for r in considered) / len(considered)


def read_run(path: Path) -> Run:
    """A `Run` from a results file (finished or `.partial`)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ResultFileError(f"{path}: {error}") from None
    try:
        if path.name.endswith(".partial"):
            lines = [json.loads(line) for line in text.splitlines() if line.strip()]
            header = lines[0].get("header", {}) if lines else {}
            records, interrupted = lines[1:], True
        else:
            header = json.loads(text)
            if header.get("format") != FORMAT:
                raise ResultFileError(
                    f"{path}: not an nx-conformance results file (format {header.get('format')!r})"
                )
            records, interrupted = header.get("results", []), bool(header.get("interrupted"))
    except (ValueError, AttributeError) as error:
        raise ResultFileError(f"{path}: not valid results JSON ({error})") from None
    return run_of(header, records, interrupted=interrupted, path=str(path))


def run_of(
    header: dict[str, Any],
    records: list[dict[str, Any]],
    *,
    interrupted: bool = False,
    path: str = "",
) -> Run:
    """A `Run` from a results document's header fields and its result records."""
    adapter = header.get("adapter", {})
    return Run(
        label=str(adapter.get("name", Path(path).stem or "run")),
        adapter=adapter,
        spec=header.get("spec", {}),
        started=str(header.get("started", "")),
        results={r["id"]: r for r in records},
        interrupted=interrupted,
        path=path,
    )


def read_runs(paths: list[Path]) -> list[Run]:
    """Runs in the order given; two runs of one adapter get distinct labels."""
    runs = [read_run(p) for p in paths]
    seen: Counter = Counter(run.label for run in runs)
    for run in runs:
        if seen[run.label] > 1:
            run.label = f"{run.label} ({Path(run.path).name})"
    return runs
