"""Result records, streamed to disk as they come, and the final JSON and JUnit files.

While a run goes, every finished case is appended as one JSON line to
`RESULTS.json.partial` (flushed each time), so an interrupted run keeps what it
finished; at the end `RESULTS.json` gets the whole document and the partial file is
removed. `read_results` reads either form.

The document (`format: nx-conformance-results/1`):
`{format, adapter: {name, version, ...}, spec: {roots, revision, digest, cases},
started, finished, duration, summary: {total, pass, fail, error, unsupported, skip},
results: [{id, namespace, op, section, source, basis, dtypes, outcome, message, duration,
file, line}, ...]}`; a record may add `examples`, `readings`, `errata` (from the case's
`meta`), `depends` (the other ops the case calls), `failure` (what went wrong, as data)
and `details` (the call, expected and actual). Paths are written relative to the spec
root's parent (`spec/nx/arithmetic/div.yaml`), and spec roots by their name, so that a
results file (and a report made of it) names no directory of the machine that ran it.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from adapters import codec
from adapters import values as v
from conformance.cases import Case, CheckKind
from conformance.execute import Outcome

FORMAT = "nx-conformance-results/1"


@dataclass(frozen=True)
class CaseResult:
    id: str
    namespace: str
    op: str
    section: str
    source: str | None
    dtypes: tuple[str, ...]
    outcome: Outcome
    message: str
    duration: float
    file: str
    line: int
    examples: tuple[str, ...] = ()
    details: dict[str, Any] | None = None
    readings: tuple[str, ...] = ()
    errata: tuple[str, ...] = ()
    depends: tuple[str, ...] = ()
    failure: dict[str, Any] | None = None
    basis: str | None = None  # documentation | documentation-rule | ieee | reading
    cites: tuple[str, ...] = ()  # the passages the case answers to: `nx.txt:1317 "words"`

    def to_json(self, roots: Sequence[str] = ()) -> dict[str, Any]:
        """The record; with the spec `roots`, its file relative to the root's parent."""
        record = asdict(self)
        record["outcome"] = self.outcome.value
        record["duration"] = round(self.duration, 6)
        record["file"] = spec_relative(self.file, tuple(roots)) if roots else self.file
        for name in _SEQUENCES:
            record[name] = list(getattr(self, name))
        for name in _OPTIONAL:
            if not record[name]:
                del record[name]
        return record

    @classmethod
    def from_json(cls, record: dict[str, Any]) -> CaseResult:
        fields = dict(record)
        fields["outcome"] = Outcome(fields["outcome"])
        for name in _SEQUENCES:
            fields[name] = tuple(fields.get(name, ()))
        return cls(**{k: fields[k] for k in cls.__dataclass_fields__ if k in fields})

    def report(self, roots: Sequence[str] = ()) -> str:
        """`OUTCOME id (file:line)` and the message, indented: readable on its own. With the
        spec `roots`, the file reads as in the results file (`spec/nx/...`), wherever the
        spec is installed."""
        file = spec_relative(self.file, tuple(roots)) if roots else self.file
        head = f"{self.outcome.value.upper()} {self.id} ({file}:{self.line})"
        if not self.message:
            return head
        return head + "\n" + "\n".join("    " + line for line in self.message.splitlines())


_SEQUENCES = ("dtypes", "examples", "readings", "errata", "depends", "cites")
_OPTIONAL = ("details", "readings", "errata", "depends", "failure", "cites")  # when present


def annotations(case: Case) -> dict[str, tuple[str, ...]]:
    """What a results record says of the case besides its outcome: the worked examples
    it encodes, the readings (`spec/READINGS.md`) and errata (`spec/ERRATA.md`) it
    follows, from its `meta` (readings and errata also from its file's); and the other
    ops it calls (`call` arguments, pipeline steps), so that a report can tell a failure
    of a kernel op it relies on."""

    def listed(key: str) -> tuple[str, ...]:
        metas = (case.file_meta, case.meta) if key in ("readings", "errata") else (case.meta,)
        found: list[str] = []
        for meta in metas:
            value = meta.get(key, ()) or ()
            found += [str(x) for x in ((value,) if isinstance(value, str) else value)]
        return tuple(dict.fromkeys(found))

    return {
        "examples": listed("examples"),
        "readings": listed("readings"),
        "errata": listed("errata"),
        "depends": depends_on(case),
    }


def depends_on(case: Case) -> tuple[str, ...]:
    values = [*case.args, *case.kwargs.values()]
    called = set()
    for check in case.properties:
        if check.kind is CheckKind.PIPELINE:
            for step in check.fields["steps"]:
                called.add(f"{step.namespace or case.namespace}.{step.op}")
                values += [*step.args, *step.kwargs.values()]
    called.update(
        f"{x.namespace or case.namespace}.{x.op}"
        for value in values
        for x in v.walk(value)
        if isinstance(x, v.Call)
    )
    return tuple(sorted(called - {f"{case.namespace}.{case.op}"}))


def spec_relative(file: str, roots: tuple[str, ...]) -> str:
    """`file` as `ROOT_NAME/path/in/root` for the spec root that holds it (a root that is
    a file: its name); a file outside every root is left as it is."""
    return _spec_relative(file, tuple(_resolved(r) for r in roots))


@cache
def _resolved(root: str) -> Path:
    return Path(root).resolve()


@cache
def _spec_relative(file: str, roots: tuple[Path, ...]) -> str:
    path = Path(file).resolve()
    for root in roots:
        if path == root:
            return root.name
        if path.is_relative_to(root):
            return (Path(root.name) / path.relative_to(root)).as_posix()
    return file


def portable_header(header: dict[str, Any]) -> dict[str, Any]:
    """The header with the spec roots named by their last component."""
    spec = header.get("spec")
    if not isinstance(spec, dict) or "roots" not in spec:
        return header
    return {**header, "spec": {**spec, "roots": [_resolved(r).name for r in spec["roots"]]}}


def _roots(header: dict[str, Any]) -> tuple[str, ...]:
    spec = header.get("spec")
    return tuple(spec.get("roots", ())) if isinstance(spec, dict) else ()


REPORTED_ELEMENTS = 4096


def report_value(value: Any) -> Any:
    """A value for a result file: tagged JSON (tensors cut to their first
    REPORTED_ELEMENTS elements, with `truncated` giving the full count); text stays text."""
    if isinstance(value, str):
        return value
    return codec.encode(_cut(value))


def _cut(value: Any) -> Any:
    if isinstance(value, v.TensorValue) and value.data.size > REPORTED_ELEMENTS:
        flat = value.data.reshape(-1)[:REPORTED_ELEMENTS]
        return v.TensorValue(value.dtype, (REPORTED_ELEMENTS,), flat)
    if isinstance(value, v.Tuple | v.List):
        return type(value)(tuple(_cut(x) for x in value.items))
    return value


def call_record(namespace: str, op: str, args: tuple, kwargs: Mapping[str, Any]) -> dict[str, Any]:
    """The call of a case as a result file shows it."""
    return {
        "namespace": namespace,
        "op": op,
        "args": [report_value(a) for a in args],
        "kwargs": {k: report_value(x) for k, x in kwargs.items()},
    }


def summarize(results: Iterable[CaseResult]) -> dict[str, int]:
    counts = Counter(r.outcome.value for r in results)
    summary = {"total": sum(counts.values())}
    summary.update({o.value: counts.get(o.value, 0) for o in Outcome})
    return summary


class ResultStream:
    """Appends result records to `PATH.partial` as they arrive."""

    def __init__(self, path: Path, header: dict[str, Any]):
        self.path = path
        self.partial = path.with_name(path.name + ".partial")
        self.partial.parent.mkdir(parents=True, exist_ok=True)
        self._file = self.partial.open("w", encoding="utf-8")
        self._roots = _roots(header)
        self._write({"header": portable_header(header)})

    def _write(self, record: dict[str, Any]) -> None:
        self._file.write(json.dumps(record) + "\n")
        self._file.flush()

    def add(self, result: CaseResult) -> None:
        self._write(result.to_json(self._roots))

    def finish(self, document: dict[str, Any], *, keep_partial: bool = False) -> None:
        """Write the finished document; the stream goes unless kept (a stopped run)."""
        self._file.close()
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
        os.replace(temporary, self.path)
        if not keep_partial:
            self.partial.unlink(missing_ok=True)

    def abandon(self) -> None:
        self._file.close()


def document(header: dict[str, Any], results: list[CaseResult]) -> dict[str, Any]:
    ordered = sorted(results, key=lambda r: r.id)
    roots = _roots(header)
    return {
        "format": FORMAT,
        **portable_header(header),
        "summary": summarize(ordered),
        "results": [r.to_json(roots) for r in ordered],
    }


def read_results(path: Path) -> dict[str, Any]:
    """A results document, from a finished `.json` or an interrupted `.json.partial`."""
    text = path.read_text(encoding="utf-8")
    if path.name.endswith(".partial"):
        lines = [json.loads(line) for line in text.splitlines() if line.strip()]
        header = lines[0].get("header", {}) if lines else {}
        results = [CaseResult.from_json(r) for r in lines[1:]]
        return {**document(header, results), "interrupted": True}
    data = json.loads(text)
    if data.get("format") != FORMAT:
        raise ValueError(
            f"{path}: not an nx-conformance results file (format {data.get('format')!r})"
        )
    return data


def write_junit(path: Path, adapter: str, results: list[CaseResult]) -> None:
    """JUnit XML: one testsuite per section, one testcase per case."""
    suites = ET.Element("testsuites", name=f"nx-conformance ({adapter})")
    by_section: dict[str, list[CaseResult]] = {}
    for result in sorted(results, key=lambda r: r.id):
        by_section.setdefault(f"{result.namespace}.{result.section or 'unsectioned'}", []).append(
            result
        )
    for section, members in by_section.items():
        counts = Counter(r.outcome for r in members)
        suite = ET.SubElement(
            suites,
            "testsuite",
            name=section,
            tests=str(len(members)),
            failures=str(counts[Outcome.FAIL]),
            errors=str(counts[Outcome.ERROR]),
            skipped=str(counts[Outcome.SKIP] + counts[Outcome.UNSUPPORTED]),
            time=f"{sum(r.duration for r in members):.6f}",
        )
        for result in members:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=f"{result.namespace}.{result.op}",
                name=result.id,
                file=result.file,
                line=str(result.line),
                time=f"{result.duration:.6f}",
            )
            if result.outcome is Outcome.FAIL:
                ET.SubElement(
                    case,
                    "failure",
                    message=result.message.splitlines()[0] if result.message else "failed",
                ).text = result.report()
            elif result.outcome is Outcome.ERROR:
                ET.SubElement(
                    case,
                    "error",
                    message=result.message.splitlines()[0] if result.message else "error",
                ).text = result.report()
            elif result.outcome in (Outcome.SKIP, Outcome.UNSUPPORTED):
                ET.SubElement(case, "skipped", message=f"{result.outcome.value}: {result.message}")
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(suites).write(path, encoding="utf-8", xml_declaration=True)
