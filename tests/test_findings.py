"""`nx-conformance findings`: a baseline's catalogue of root causes turns a run's upstream
failures into distinct findings, each with the passages it contradicts, the cases it
explains, and whether other releases still have it."""

from __future__ import annotations

import json
import textwrap

import pytest

from conformance.cli import main
from reports import baseline as baselines
from reports import findings
from reports.runs import run_of

BASELINE = """\
format: nx-conformance-baseline/2
adapter: impl
causes:
  nan-compares-ordered:
    summary: cmpge is logical_not of cmplt, so a NaN operand gives 1
    cites: ['nx.txt:1317 "returns 1 where t1 ≥ t2, 0 elsewhere."']
  unused:
    summary: nothing fails of it
    cites: ['nx.txt:1317 "returns 1"']
cases:
  nx.cmpge/a: {outcome: fail, basis: ieee, category: upstream, cause: nan-compares-ordered, reason: 'got 1 at [0]'}
  nx.cmpge/b: {outcome: fail, basis: ieee, category: upstream, cause: nan-compares-ordered, reason: 'got 1 at [2]'}
  nx.cmple/c: {outcome: error, category: upstream, reason: crashed}
  nx.add/d: {outcome: fail, category: inexpressible, reason: no such call}
  nx.add/e: pass
"""


def record(case_id: str, outcome: str, basis: str = "ieee") -> dict:
    namespace_op, _ = case_id.split("/")
    namespace, op = namespace_op.split(".")
    return {"id": case_id, "namespace": namespace, "op": op, "outcome": outcome, "basis": basis}


def runs():
    alpha1 = run_of(
        {"adapter": {"name": "impl@1"}},
        [
            record("nx.cmpge/a", "fail"),
            record("nx.cmpge/b", "fail"),
            record("nx.cmple/c", "error"),
            record("nx.add/d", "fail"),
            record("nx.add/e", "pass"),
        ],
    )
    fixed = run_of({"adapter": {"name": "impl@2"}}, [record("nx.cmpge/a", "pass")])
    kept = run_of(
        {"adapter": {"name": "impl@3"}},
        [record("nx.cmpge/a", "fail"), record("nx.cmpge/b", "unsupported")],
    )
    gone = run_of({"adapter": {"name": "impl@4"}}, [record("nx.cmpge/a", "unsupported")])
    return alpha1, [fixed, kept, gone]


@pytest.fixture
def baseline(tmp_path):
    path = tmp_path / "baseline.yaml"
    path.write_text(textwrap.dedent(BASELINE))
    return baselines.read_baseline(path)


def test_findings_are_the_causes_with_the_cases_they_explain(baseline):
    run, releases = runs()
    result = findings.findings(run, baseline, releases)
    [finding] = result.found  # a cause no failing case names is not a finding
    assert finding.cause == "nan-compares-ordered"
    assert finding.cases == ["nx.cmpge/a", "nx.cmpge/b"]
    assert finding.bases == {"ieee": 2}
    assert result.unattributed == ["nx.cmple/c"]  # upstream, but no cause named yet


def test_a_finding_says_whether_each_other_release_still_has_it(baseline):
    run, releases = runs()
    [finding] = findings.findings(run, baseline, releases).found
    assert finding.persists == {
        "impl@2": "fixed (1 of 2 cases answered, all pass)",
        "impl@3": "persists (1 of 1 answered cases fail)",
        "impl@4": "not answered",
    }


def test_a_cause_named_by_a_case_must_be_in_the_catalogue(tmp_path):
    path = tmp_path / "b.yaml"
    path.write_text(textwrap.dedent(BASELINE).replace("cause: nan-compares-ordered", "cause: nope"))
    with pytest.raises(baselines.ResultFileError, match=r"cause\(s\) \['nope'\]"):
        baselines.read_baseline(path)


def test_the_command_prints_the_causes_and_writes_json(tmp_path, capsys):
    (tmp_path / "baseline.yaml").write_text(textwrap.dedent(BASELINE))
    run, _ = runs()
    results = tmp_path / "results.json"
    results.write_text(
        json.dumps(
            {
                "format": "nx-conformance-results/1",
                "adapter": {"name": "impl@1"},
                "results": list(run.results.values()),
            }
        )
    )
    code = main(
        [
            "findings",
            str(results),
            "--baseline",
            str(tmp_path / "baseline.yaml"),
            "--json",
            str(tmp_path / "f.json"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert (
        "1 root cause(s) explain 2 upstream failure(s); 1 upstream failure(s) name no cause" in out
    )
    assert 'contradicts nx.txt:1317 "returns 1 where t1 ≥ t2, 0 elsewhere."' in out
    written = json.loads((tmp_path / "f.json").read_text())
    assert [f["cause"] for f in written["findings"]] == ["nan-compares-ordered"]
