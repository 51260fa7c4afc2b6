"""The HTML compatibility report: one self-contained file (inline CSS and JavaScript, no
network fetch), rendered with Jinja2 autoescaping.

What it shows: a headline per implementation (pass rate, answered pass rate, and the pass
rates of documented behaviour, of the suite's readings and of upstream-derived cases);
the causes of each implementation's failures; the matrix of documented functions, read
whole or by where the cases come from, each function and cell opening the function's page
(its documentation's text, the readings and errata that apply, every case with each
implementation's outcome, expected vs actual, and its changes between releases); releases
side by side; dtype families; spec coverage; the failing cases.

Every string that comes from a case file or an implementation is escaped: in the markup
by Jinja2, and in the embedded JSON (rendered on demand by `templates/report.js` with
`textContent`, never `innerHTML`) by escaping `<`, `>` and `&` so that no `</script>` can
close the data block. Pages, causes and failing cases are rendered on demand, so the page
stays light at tens of thousands of cases.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from reports import docs
from reports.model import (
    CHANGES,
    DIFF_KINDS,
    FAMILIES,
    GROUP_TITLES,
    GROUPS,
    Report,
    basis_of,
    cell_status,
    group_of,
    load_examples,
)
from reports.runs import OUTCOMES

TEMPLATES = Path(__file__).resolve().parent / "templates"
SHOWN_ELEMENTS = 256  # per tensor in a drill-down (the result file keeps more)
DIFF_LIMIT = 500

# Each outcome (`spec/vocabulary.yaml`, in its order) as one letter in the page's data, and
# its colour in a run's bar.
_CODES = {outcome: outcome[0] for outcome in OUTCOMES}
_COLOURS = {
    "pass": "#43a047",
    "fail": "#e53935",
    "error": "#8e24aa",
    "unsupported": "#9e9e9e",
    "skip": "#cfd8dc",
}
_BAR = tuple((outcome, _COLOURS[outcome]) for outcome in OUTCOMES)


def _rate(counts: Counter) -> float | None:
    considered = sum(counts.values()) - counts["skip"]
    return counts["pass"] / considered if considered else None


def _answered_rate(counts: Counter) -> float | None:
    """pass / answered (cases neither unsupported nor skipped): the quality of what an
    implementation answers, apart from how much of Nx it covers; None when it answered
    none (a family or namespace it does not implement reads n/a, never 0 %)."""
    answered = sum(counts.values()) - counts["skip"] - counts["unsupported"]
    return counts["pass"] / answered if answered else None


def _answered(counts: Counter) -> int:
    return sum(counts.values()) - counts["skip"] - counts["unsupported"]


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.1f}%"


def _rate_sort(counts: Counter) -> float:
    rate = _rate(counts)
    return -1.0 if rate is None else rate


def _counts_title(counts: Counter) -> str:
    return ", ".join(f"{counts[o]} {o}" for o in OUTCOMES if counts[o]) or "no cases"


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element (nothing in it can end the element)."""
    text = json.dumps(value, separators=(",", ":"))  # ASCII: U+2028/2029 come out escaped
    for raw, escaped in (("&", "\\u0026"), ("<", "\\u003c"), (">", "\\u003e")):
        text = text.replace(raw, escaped)
    return text


def _shorten(value: Any) -> Any:
    """A tagged value with each tensor cut to SHOWN_ELEMENTS elements."""
    if isinstance(value, dict):
        tensor = value.get("tensor")
        if isinstance(tensor, dict) and "data" in tensor:
            if len(tensor["data"]) <= SHOWN_ELEMENTS:
                return value
            return {"tensor": {**tensor, "data": tensor["data"][:SHOWN_ELEMENTS]}}
        return {k: _shorten(x) for k, x in value.items()}
    if isinstance(value, list) and any(isinstance(x, dict | list) for x in value):
        return [_shorten(x) for x in value]
    return value


def _failure_record(failure: dict[str, Any], cause: int | None) -> dict[str, Any]:
    keep = ("run", "id", "outcome", "message", "file", "line")
    record = {k: failure.get(k) for k in keep}
    record["group"] = group_of(failure)
    record["cause"] = cause
    for key in ("readings", "errata"):
        if failure.get(key):
            record[key] = failure[key]
    if failure.get("details"):
        record["details"] = _shorten(failure["details"])
    return record


def _counts(counts: Counter) -> list[int]:
    return [counts[o] for o in OUTCOMES]


def _cases(report: Report) -> dict[str, list[dict[str, Any]]]:
    """Every case by function, with each run's outcome (one letter per run, `-` when the
    run has no such case) and what the function page shows of it."""
    ids = sorted({case_id for run in report.runs for case_id in run.results})
    by_function: dict[str, list[dict[str, Any]]] = {}
    for case_id in ids:
        records = [run.results.get(case_id) for run in report.runs]
        first = next(r for r in records if r is not None)
        case: dict[str, Any] = {
            "n": case_id.split("/", 1)[-1],
            "s": first.get("source"),
            "b": basis_of(first),
            "f": first.get("file"),
            "l": first.get("line"),
            "o": "".join(_CODES.get(r["outcome"], "?") if r else "-" for r in records),
        }
        for short, key in (("r", "readings"), ("e", "errata"), ("x", "examples")):
            if first.get(key):
                case[short] = first[key]
        by_function.setdefault(f"{first['namespace']}.{first['op']}", []).append(case)
    return by_function


def _documentation(report: Report) -> dict[str, Any]:
    """The documentation of the report's functions, and the worked examples attributed to
    each (`spec/doc-examples.yaml`), for the function pages."""
    keys = {row.key for row in report.rows}
    entries = docs.entries()
    attributed: dict[str, list[dict[str, str]]] = {}
    for example in load_examples():
        if example["function"] in keys:
            attributed.setdefault(example["function"], []).append(
                {"at": example["at"], "text": example["text"]}
            )
    return {
        "docs": {k: entries[k].to_json() for k in sorted(keys) if k in entries},
        "attributed": attributed,
        "readings": docs.readings(),
        "errata": docs.errata(),
    }


def _causes(report: Report) -> tuple[list[list[dict[str, Any]]], list[dict[str, int]]]:
    """Each run's causes (cases listed by id), and per run: case id -> cause index."""
    shown, index = [], []
    for found in report.causes:
        causes = []
        for cause in found.causes:
            record = cause.to_json(found.total, limit=8)
            record["cases"] = cause.cases
            record["functions"] = cause.functions.most_common()
            record["dtypes"] = cause.dtypes.most_common(8)
            record["variants"] = cause.variants.most_common(8)
            record["more_variants"] = max(0, len(cause.variants) - 8)
            causes.append(record)
        shown.append(causes)
        index.append(found.cause_of())
    return shown, index


def _releases(report: Report) -> list[dict[str, Any]]:
    shown = []
    for release in report.releases:
        steps = []
        for (before, after), functions in zip(pairwise(release.runs), release.steps, strict=True):
            totals = Counter(c["change"] for cases in functions.values() for c in cases)
            steps.append(
                {
                    "from": before,
                    "to": after,
                    "totals": {kind: totals[kind] for kind in CHANGES},
                    "functions": functions,
                }
            )
        shown.append({"name": release.name, "runs": release.runs, "steps": steps})
    return shown


def render(
    report: Report, *, baseline_label: str | None = None, repo_url: str | None = None
) -> str:
    environment = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "j2"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    template = environment.get_template("report.html.j2")
    coverage_total = {
        key: sum(s[key] for s in report.coverage)
        for key in ("functions", "covered", "examples", "encoded")
    }
    revisions = {
        str(run.spec.get("revision") or run.spec.get("digest") or "?") for run in report.runs
    }
    causes, cause_index = _causes(report)
    data = {
        "runs": [run.label for run in report.runs],
        "codes": _CODES,
        "groups": GROUP_TITLES,
        "bases": GROUPS,
        "changes": CHANGES,
        "rows": {
            row.key: [
                {"all": _counts(counts), **{g: _counts(c) for g, c in groups.items()}}
                for counts, groups in zip(row.counts, row.groups, strict=True)
            ]
            for row in report.rows
        },
        "failures": [
            _failure_record(f, cause_index[f["run"]].get(f["id"])) for f in report.failures
        ],
        "causes": causes,
        "cases": _cases(report),
        "releases": _releases(report),
        "repo": repo_url.rstrip("/") if repo_url else None,
        **_documentation(report),
    }
    return template.render(
        runs=report.runs,
        rows=report.rows,
        sections=list(dict.fromkeys(f"{row.namespace}: {row.section}" for row in report.rows)),
        namespaces=report.namespaces,
        families=report.families,
        family_dtypes=FAMILIES,
        coverage=report.coverage,
        coverage_total=coverage_total,
        diff=report.diff,
        diff_kinds=DIFF_KINDS,
        diff_limit=DIFF_LIMIT,
        baseline_label=baseline_label,
        total_cases=sum(run.total for run in report.runs),
        spec_revision=", ".join(sorted(revisions)),
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        bar_colours=_BAR,
        percent=_percent,
        rate=_rate,
        answered_rate=_answered_rate,
        answered=_answered,
        rate_sort=_rate_sort,
        counts_title=_counts_title,
        cell_status=cell_status,
        data_json=_script_json(data),
        script=(TEMPLATES / "report.js").read_text(encoding="utf-8"),
        group_titles=GROUP_TITLES,
        run_groups=report.groups,
        run_namespaces=report.by_namespace,
        empty=Counter(),
        causes=report.causes,
        releases=report.releases,
        cell_text=_cell_text,
    )


def _cell_text(counts: Counter) -> str:
    if not counts.total():
        return "–"
    if counts["unsupported"] == counts.total():
        return "n/a"
    return f"{counts['pass']}/{counts.total()}"


def write(
    report: Report, path: Path, *, baseline_label: str | None = None, repo_url: str | None = None
) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        render(report, baseline_label=baseline_label, repo_url=repo_url), encoding="utf-8"
    )
