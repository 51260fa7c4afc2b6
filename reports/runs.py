"""Result files, read back: one `Run` per file (an implementation's results on a spec).

Reports read only these files (`nx-conformance run --json`), never the runner or the
reference, so a report can be made from results of any machine or version. A finished
file is one JSON document (`format: nx-conformance-results/1`); an interrupted run leaves
`FILE.partial`, JSON Lines with a header line first, which is read the same way. The
shards of one run (`run --shard K/N`) merge back into one `Run` (`merge`).

Two pass rates, computed here only (`pass_rates`):
- the pass rate: pass / (cases - skip);
- the answered pass rate: pass / (cases - unsupported - skip), the rate over the cases
  the implementation answered, so that a backend implementing a subset of Nx is judged
  on what it implements.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spec import vocabulary

FORMAT = "nx-conformance-results/1"
OUTCOMES = vocabulary.OUTCOMES  # pass, fail, error, unsupported, skip: `spec/vocabulary.yaml`


class ResultFileError(ValueError):
    """A file a report reads is unusable: the message is `path: what is wrong`."""


def pass_rates(counts: Mapping[str, int]) -> tuple[float | None, float | None]:
    """(pass rate, answered pass rate) of outcome counts; None where nothing is counted."""
    considered = sum(counts.get(o, 0) for o in vocabulary.COUNTED)  # all but skip
    answered = sum(counts.get(o, 0) for o in vocabulary.ANSWERED)  # pass, fail, error
    passed = counts.get("pass", 0)
    return (
        passed / considered if considered else None,
        passed / answered if answered else None,
    )


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

    def outcome_counts(self, namespace: str | None = None) -> Counter:
        if namespace is None:
            return self.counts
        return Counter(
            r["outcome"] for r in self.results.values() if r.get("namespace") == namespace
        )

    def pass_rate(self, namespace: str | None = None) -> float | None:
        """pass / (cases - skip), of the whole run or of one namespace."""
        return pass_rates(self.outcome_counts(namespace))[0]

    def answered_pass_rate(self, namespace: str | None = None) -> float | None:
        """pass / (cases - unsupported - skip): the rate over the cases answered."""
        return pass_rates(self.outcome_counts(namespace))[1]


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
    if not isinstance(header, dict) or not isinstance(records, list):
        raise ResultFileError(f"{path}: not an nx-conformance results file")
    for number, record in enumerate(records, 1):
        problem = _record_problem(record)
        if problem:
            raise ResultFileError(f"{path}: result {number}: {problem}")
    return run_of(header, records, interrupted=interrupted, path=str(path))


def _record_problem(record: Any) -> str | None:
    if not isinstance(record, dict):
        return f"a result is an object, got {type(record).__name__}"
    if not isinstance(record.get("id"), str):
        return "a result needs a string 'id'"
    if record.get("outcome") not in OUTCOMES:
        return f"{record['id']}: outcome {record.get('outcome')!r} is not one of {OUTCOMES}"
    return None


def run_of(
    header: dict[str, Any],
    records: list[dict[str, Any]],
    *,
    interrupted: bool = False,
    path: str = "",
) -> Run:
    """A `Run` from a results document's header fields and its result records."""
    adapter = header.get("adapter", {})
    roots = [str(r) for r in header.get("spec", {}).get("roots", ()) if Path(str(r)).is_absolute()]
    if roots:  # written before paths were made relative to the spec root
        records = [{**r, "file": _relative(str(r.get("file", "")), roots)} for r in records]
    return Run(
        label=str(adapter.get("name", Path(path).stem or "run")),
        adapter=adapter,
        spec=header.get("spec", {}),
        started=str(header.get("started", "")),
        results={r["id"]: r for r in records},
        interrupted=interrupted,
        path=path,
    )


def _relative(file: str, roots: list[str]) -> str:
    """An absolute case path of an older results file, relative to its spec root's parent
    (or from its last `spec/` on; or its name), so that no report shows the machine's
    directories."""
    if not Path(file).is_absolute():
        return file
    for root in roots:
        if Path(file).is_relative_to(root):
            return (Path(Path(root).name) / Path(file).relative_to(root)).as_posix()
    _, spec, tail = file.rpartition("/spec/")
    return f"spec/{tail}" if spec else Path(file).name


def read_runs(paths: list[Path]) -> list[Run]:
    """Runs in the order given, the shards of one run (`run --shard K/N`: one adapter, one
    spec digest, distinct shards of one N) merged into one run as `gate` merges them; runs
    of one adapter that remain get distinct labels: their versions, else their file names."""
    runs = _shards_merged([read_run(p) for p in paths])
    seen: Counter = Counter(run.label for run in runs)
    for name in [label for label, count in seen.items() if count > 1]:
        same = [run for run in runs if run.label == name]
        versions = [str(run.adapter.get("version", "")) for run in same]
        by_version = all(versions) and len(set(versions)) == len(versions)
        for run, version in zip(same, versions, strict=True):
            run.label = f"{name} {version}" if by_version else f"{name} ({Path(run.path).name})"
    return runs


def _shards_merged(runs: list[Run]) -> list[Run]:
    """Shards of one run merged, in the place of the first; other runs as they are."""
    groups: dict[tuple, list[int]] = {}
    for index, run in enumerate(runs):
        shard = re.fullmatch(r"(\d+)/(\d+)", str(run.spec.get("shard") or ""))
        if shard:
            key = (run.adapter.get("name"), run.spec.get("digest"), shard.group(2))
            groups.setdefault(key, []).append(index)
    merged: dict[int, Run] = {}
    dropped: set[int] = set()
    for indices in groups.values():
        shards = [str(runs[i].spec.get("shard")) for i in indices]
        if len(indices) > 1 and len(set(shards)) == len(shards):
            merged[indices[0]] = merge([runs[i] for i in indices])
            dropped.update(indices[1:])
    return [merged.get(i, run) for i, run in enumerate(runs) if i not in dropped]


def merge(runs: list[Run]) -> Run:
    """One `Run` from the shards of one run (`run --shard K/N`, or any split of the cases).

    The shards must be of one implementation on one spec; a case id in two shards is an
    error unless both records say the same (all but the duration)."""
    if len(runs) == 1:
        return runs[0]
    first = runs[0]
    results: dict[str, dict[str, Any]] = {}
    origin: dict[str, str] = {}
    for run in runs:
        if run.adapter.get("name") != first.adapter.get("name"):
            raise ResultFileError(
                f"{run.path}: a run of {run.adapter.get('name')!r}, but {first.path} is a run "
                f"of {first.adapter.get('name')!r}: not shards of one run"
            )
        digests = {first.spec.get("digest"), run.spec.get("digest")}
        if None not in digests and len(digests) == 2:
            raise ResultFileError(
                f"{run.path}: spec digest {run.spec.get('digest')}, but {first.path} ran spec "
                f"{first.spec.get('digest')}: not shards of one run"
            )
        for case_id, record in run.results.items():
            if case_id in results and _without_duration(record) != _without_duration(
                results[case_id]
            ):
                raise ResultFileError(
                    f"{run.path}: case {case_id!r} is also in {origin[case_id]} with another "
                    f"result ({record['outcome']} here, {results[case_id]['outcome']} there)"
                )
            results[case_id] = record
            origin.setdefault(case_id, run.path)
    spec = {k: v for k, v in first.spec.items() if k != "shard"}
    spec["cases"] = sum(run.spec.get("cases", run.total) for run in runs)
    spec["shards"] = [run.spec.get("shard") for run in runs]
    return Run(
        label=first.label,
        adapter=first.adapter,
        spec=spec,
        started=min(run.started for run in runs),
        results=dict(sorted(results.items())),
        interrupted=any(run.interrupted for run in runs),
        path=" + ".join(run.path for run in runs),
    )


def _without_duration(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "duration"}


def document_of(run: Run) -> dict[str, Any]:
    """The results document of a run (as `nx-conformance run --json` writes it)."""
    document: dict[str, Any] = {
        "format": FORMAT,
        "adapter": run.adapter,
        "spec": run.spec,
        "started": run.started,
    }
    if run.interrupted:
        document["interrupted"] = True
    document["summary"] = {"total": run.total, **{o: run.counts[o] for o in OUTCOMES}}
    document["results"] = [run.results[case_id] for case_id in sorted(run.results)]
    return document


def missing_shards(run: Run) -> list[str]:
    """The shards (`K/N`) of a sharded run that are not among its results files."""
    given = run.spec.get("shards") or [run.spec.get("shard")]
    parsed = [re.fullmatch(r"(\d+)/(\d+)", str(shard)) for shard in given]
    if not all(parsed) or len({m[2] for m in parsed}) != 1:
        return []
    present, count = {int(m[1]) for m in parsed}, int(parsed[0][2])
    return [f"{k}/{count}" for k in range(1, count + 1) if k not in present]
