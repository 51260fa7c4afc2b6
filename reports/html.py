"""The HTML compatibility report: one self-contained file (inline CSS and JavaScript, no
network fetch), rendered with Jinja2 autoescaping.

Every string that comes from a case file or an implementation is escaped: in the markup
by Jinja2, and in the embedded JSON (the failing cases, rendered on demand by the page's
script with `textContent`, never `innerHTML`) by escaping `<`, `>` and `&` so that no
`</script>` can close the data block. The failing-case list is rendered on demand, so the
page stays light at tens of thousands of cases.
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, select_autoescape

from reports.model import FAMILIES, Report, cell_status

TEMPLATES = Path(__file__).resolve().parent / "templates"
SHOWN_ELEMENTS = 256  # per tensor in a drill-down (the result file keeps more)
DIFF_LIMIT = 500

_BAR = (
    ("pass", "#43a047"),
    ("fail", "#e53935"),
    ("error", "#8e24aa"),
    ("unsupported", "#9e9e9e"),
    ("skip", "#cfd8dc"),
)


def _rate(counts: Counter) -> float | None:
    considered = sum(counts.values()) - counts["skip"]
    return counts["pass"] / considered if considered else None


def _percent(rate: float | None) -> str:
    return "–" if rate is None else f"{100 * rate:.1f}%"


def _rate_sort(counts: Counter) -> float:
    rate = _rate(counts)
    return -1.0 if rate is None else rate


def _counts_title(counts: Counter) -> str:
    return (
        ", ".join(
            f"{counts[o]} {o}"
            for o in ("pass", "fail", "error", "unsupported", "skip")
            if counts[o]
        )
        or "no cases"
    )


def _statuses(counts: Counter) -> list[str]:
    """The filter words of one cell: its colour, and for a partial cell what else it has."""
    status = cell_status(counts)
    words = [status]
    if status == "partial":
        if counts["fail"] or counts["error"]:
            words.append("partial-bad")
        if counts["unsupported"]:
            words.append("partial-unsupported")
    return words


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element (nothing in it can end the element)."""
    text = json.dumps(value, separators=(",", ":"))
    for raw, escaped in (
        ("&", "\\u0026"),
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(raw, escaped)
    return text


def _shorten(value: Any) -> Any:
    """A tagged value with each tensor cut to SHOWN_ELEMENTS elements."""
    if isinstance(value, dict):
        if "tensor" in value and isinstance(value["tensor"], dict) and "data" in value["tensor"]:
            tensor = dict(value["tensor"])
            tensor["data"] = tensor["data"][:SHOWN_ELEMENTS]
            return {"tensor": tensor}
        return {k: _shorten(x) for k, x in value.items()}
    if isinstance(value, list):
        return [_shorten(x) for x in value]
    return value


def _failure_record(failure: dict[str, Any]) -> dict[str, Any]:
    keep = ("run", "id", "outcome", "message", "file", "line")
    record = {k: failure.get(k) for k in keep}
    if failure.get("details"):
        record["details"] = _shorten(failure["details"])
    return record


def render(report: Report, *, baseline_label: str | None = None) -> str:
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
    data = {
        "runs": [run.label for run in report.runs],
        "failures": [_failure_record(f) for f in report.failures],
    }
    return template.render(
        runs=report.runs,
        rows=report.rows,
        row_statuses=[
            [w for counts in row.counts for w in _statuses(counts)] for row in report.rows
        ],
        sections=list(dict.fromkeys(f"{row.namespace}: {row.section}" for row in report.rows)),
        namespaces=report.namespaces,
        families=report.families,
        family_dtypes=FAMILIES,
        coverage=report.coverage,
        coverage_total=coverage_total,
        diff=report.diff,
        diff_limit=DIFF_LIMIT,
        baseline_label=baseline_label,
        total_cases=sum(run.total for run in report.runs),
        spec_revision=", ".join(sorted(revisions)),
        generated=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        bar_colours=_BAR,
        percent=_percent,
        rate=_rate,
        rate_sort=_rate_sort,
        counts_title=_counts_title,
        cell_status=cell_status,
        data_json=_script_json(data),
    )


def write(report: Report, path: Path, *, baseline_label: str | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render(report, baseline_label=baseline_label), encoding="utf-8")
