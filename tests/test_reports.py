"""Reports without a browser: the gate, baselines, run diffs, Markdown, HTML escaping, sources
read three ways, answered rates, releases side by side, paths that name no machine."""

from __future__ import annotations

import json
import textwrap
from collections import Counter

import pytest

from conformance.cli import main

SPEC = """\
op: zeros
section: creation
cases:
  - name: zeros stays zeros
    source: doc-text
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 0]}}
  - name: ones are ones
    op: ones
    source: doc-text
    args: [{dtype: int32}, {ints: [3]}]
    expect: {tensor: {dtype: int32, shape: [3], data: [1, 1, 1]}}
  - name: a known failure
    source: edge
    args: [{dtype: int8}, {ints: [2]}]
    expect: {tensor: {dtype: int8, shape: [2], data: [0, 9]}}
  - name: "<script>window.__pwned = 1</script>"
    source: edge
    args: [{dtype: float32}, {ints: [1]}]
    expect: {tensor: {dtype: float32, shape: [1], data: [5]}}
"""


@pytest.fixture
def runs(tmp_path):
    """Results of the reference and of an implementation whose `ones` regressed."""
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "cases.yaml").write_text(textwrap.dedent(SPEC))
    paths = {}
    for name, adapter in (("good", "reference"), ("regressed", "tests.fakes:WrongOnes")):
        paths[name] = tmp_path / f"{name}.json"
        main(["run", "--spec", str(spec), "--adapter", adapter, "--json", str(paths[name]), "-q"])
    return paths


def test_the_gate_passes_on_its_baseline_and_fails_on_a_planted_regression(runs, tmp_path, capsys):
    baseline = tmp_path / "baseline.yaml"
    assert main(["baseline", str(runs["good"]), "-o", str(baseline)]) == 0
    text = baseline.read_text()
    assert "nx.ones/ones are ones: pass" in text
    assert "  nx.zeros/a known failure:\n    outcome: fail\n    signature: 'values differ" in text
    ids = [line for line in text.split("cases:\n")[1].splitlines() if line[2] != " "]
    assert len(ids) == 4 and ids == sorted(ids)
    capsys.readouterr()
    assert main(["gate", "--baseline", str(baseline), str(runs["good"])]) == 0
    assert "gate PASSED" in capsys.readouterr().out
    # the regressed run stands for the same backend a commit later
    regressed = ["gate", "--baseline", str(baseline), str(runs["regressed"]), "--other-adapter"]
    assert main(regressed) == 1
    out = capsys.readouterr().out
    assert "1 regression(s)" in out and "FAIL        nx.ones/ones are ones" in out
    assert "gate FAILED" in out


def test_a_known_failure_that_starts_passing_is_reported_not_failed(runs, tmp_path, capsys):
    data = json.loads(runs["good"].read_text())
    for record in data["results"]:
        if record["id"].endswith("a known failure"):
            record["outcome"], record["message"] = "pass", ""
    fixed = tmp_path / "fixed.json"
    fixed.write_text(json.dumps(data))
    assert main(["gate", "--baseline", str(runs["good"]), str(fixed)]) == 0
    assert "1 known failure(s) now pass" in capsys.readouterr().out


def test_a_missing_case_and_thresholds_fail_the_gate(runs, tmp_path, capsys):
    data = json.loads(runs["good"].read_text())
    data["results"] = data["results"][1:]
    shorter = tmp_path / "shorter.json"
    shorter.write_text(json.dumps(data))
    assert main(["gate", "--baseline", str(runs["good"]), str(shorter)]) == 1
    assert "did not run" in capsys.readouterr().out
    assert main(["gate", str(runs["good"]), "--min-pass-rate", "99%"]) == 1
    assert "overall pass rate 50.00% is below 99.00%" in capsys.readouterr().out
    assert main(["gate", str(runs["good"]), "--namespace-min", "nx=0.5"]) == 0
    assert main(["gate", str(runs["good"]), "--namespace-min", "nx"]) == 2
    assert main(["gate", str(runs["good"])]) == 2


def test_the_markdown_summary_is_one_paragraph_with_the_regressions(runs, tmp_path):
    summary = tmp_path / "summary.md"
    main(
        [
            "gate",
            "--baseline",
            str(runs["good"]),
            str(runs["regressed"]),
            "--other-adapter",
            "--summary-md",
            str(summary),
        ]
    )
    paragraph, _, top = summary.read_text().partition("\n\n")
    assert "\n" not in paragraph
    assert "1/4 cases pass (25.0%)" in paragraph and "`nx.ones/ones are ones`" in paragraph
    assert top.splitlines()[0] == "Top causes of the 3 failing case(s):"
    assert "- values differ at ordinary elements (integer) (mostly int32): 2 (67%)" in top


def test_the_report_diff_lists_the_regression_and_escapes_case_text(runs, tmp_path):
    page = tmp_path / "report.html"
    assert (
        main(
            [
                "report",
                str(runs["regressed"]),
                str(runs["good"]),
                "--baseline",
                str(runs["good"]),
                "--html",
                str(page),
            ]
        )
        == 0
    )
    html = page.read_text()
    assert "New failures (regressions): 1" in html
    assert html.count("nx.ones/ones are ones") >= 1
    assert "<script>window.__pwned" not in html
    assert "&lt;script&gt;window.__pwned" in html or "\\u003cscript\\u003ewindow.__pwned" in html
    assert "http://" not in html.replace("http://www.w3.org", "") and "https://" not in html


def test_run_html_writes_a_report_directly(tmp_path):
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "cases.yaml").write_text(textwrap.dedent(SPEC))
    page = tmp_path / "run.html"
    main(["run", "--spec", str(spec), "--html", str(page), "-q"])
    assert "Compatibility matrix" in page.read_text()


def test_unreadable_result_files_are_usage_errors(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    assert main(["report", str(bad), "--html", str(tmp_path / "x.html")]) == 2
    assert "not an nx-conformance results file" in capsys.readouterr().err


def test_the_bundled_spec_on_reference_and_numpy_makes_one_report_with_both_columns(tmp_path):
    from conformance.cases import bundled_spec, load_spec
    from conformance.results import document
    from conformance.runner import run_cases
    from reports import html, model
    from reports.runs import run_of

    sample = load_spec([bundled_spec()]).cases[::25]
    runs = []
    for adapter in ("reference", "numpy"):
        results = list(run_cases(sample, adapter))
        doc = document({"adapter": {"name": adapter}}, results)
        runs.append(run_of(doc, doc["results"]))
    report = model.build(runs)
    page = tmp_path / "both.html"
    html.write(report, page)
    text = page.read_text()
    assert ">reference</th>" in text and ">numpy</th>" in text
    assert len(report.rows) >= 375 and all(len(row.counts) == 2 for row in report.rows)
    assert runs[0].counts["pass"] == len(sample)
    assert runs[1].counts["fail"] > 0 and runs[1].counts["unsupported"] > 0


def test_the_report_reads_sources_three_ways(runs):
    from reports import model
    from reports.runs import read_run

    run = read_run(runs["regressed"])
    report = model.build([run])
    documented, ours = report.groups[0]["documented"], report.groups[0]["ours"]
    assert (documented["pass"], documented.total()) == (1, 2)  # zeros passes, ones regressed
    assert (ours["pass"], ours.total()) == (0, 2)
    ones = next(row for row in report.rows if row.key == "nx.ones")
    assert ones.groups[0]["documented"] == Counter({"fail": 1})


@pytest.mark.parametrize(
    "record, group",
    [
        ({"basis": "documentation", "source": "edge"}, "documented"),
        ({"basis": "documentation-rule"}, "documented"),
        ({"basis": "ieee", "source": "edge"}, "ieee"),
        ({"basis": "reading", "source": "doc-text"}, "ours"),
        ({"source": "doc-example"}, "documented"),  # a result file without a basis
        ({"source": "edge"}, "ours"),
        ({}, "ours"),
    ],
)
def test_a_result_is_read_by_its_basis_documented_ieee_or_the_suites_reading(record, group):
    from reports import model

    assert model.group_of(record) == group


def test_releases_of_one_implementation_list_what_changed_by_function():
    from reports import model
    from reports.runs import run_of

    def release(version, outcomes):
        records = [
            {"id": f"nx.add/{name}", "namespace": "nx", "op": "add", "outcome": outcome,
             "message": message, "source": "edge"}
            for name, (outcome, message) in outcomes.items()
        ]  # fmt: skip
        return run_of({"adapter": {"name": "nx", "version": version}}, records)

    old = release("alpha1", {"a": ("fail", "dtype differs: got int64, expected int32"),
                             "b": ("pass", ""), "c": ("unsupported", "no float16"),
                             "d": ("fail", "dtype differs: got int64, expected int32"),
                             "e": ("pass", "")})  # fmt: skip
    new = release("alpha2", {"a": ("pass", ""), "b": ("fail", "shape differs: got [2], expected [3]"),
                             "c": ("fail", "values differ: ..."), "d": ("fail", "shape differs: x"),
                             "e": ("pass", "")})  # fmt: skip
    other = run_of({"adapter": {"name": "numpy"}}, [])
    (found,) = model.releases([old, other, new])
    assert found.name == "nx" and found.runs == [0, 2]
    changes = {c["id"]: c["change"] for c in found.steps[0]["nx.add"]}
    assert changes == {"nx.add/a": "fixed", "nx.add/b": "regressed", "nx.add/c": "answered",
                       "nx.add/d": "changed"}  # fmt: skip


def test_adapters_named_for_their_release_are_releases_of_one_implementation():
    from reports import model
    from reports.runs import run_of

    def run(name, version):
        record = {"id": "nx.add/a", "namespace": "nx", "op": "add", "outcome": "pass",
                  "message": "", "source": "edge"}  # fmt: skip
        return run_of({"adapter": {"name": name, "version": version}}, [record])

    runs = [run(f"ocaml-nx@1.0.0_alpha{n}", f"1.0.0~alpha{n}") for n in (1, 2, 3)]
    (found,) = model.releases(runs)
    assert found.name == "ocaml-nx" and found.runs == [0, 1, 2] and len(found.steps) == 2
    # An `@` that does not name the run's own version is part of the name.
    assert model.implementation(run("mine@home", "1.0")) == "mine@home"
    assert model.releases([run("mine@home", "1.0"), run("mine@work", "2.0")]) == []


def test_the_report_of_reference_and_numpy_names_no_directory_of_the_checkout(tmp_path):
    from conformance.cases import bundled_spec

    checkout = str(bundled_spec().parent)
    paths = []
    for adapter in ("reference", "numpy"):
        paths.append(tmp_path / f"{adapter}.json")
        main(["run", "--adapter", adapter, "--select", "nx.div/*", "--select", "nx.eye/*",
              "--json", str(paths[-1]), "-q"])  # fmt: skip
    page = tmp_path / "report.html"
    assert main(["report", *map(str, paths), "--html", str(page)]) == 0
    html = page.read_text()
    assert checkout not in html and str(tmp_path) not in html
    assert '"f":"spec/nx/arithmetic/div.yaml"' in html


def test_an_older_results_file_with_absolute_paths_still_renders_without_them(tmp_path):
    record = {"id": "nx.add/x", "namespace": "nx", "op": "add", "section": "arithmetic",
              "source": "edge", "dtypes": ["int32"], "outcome": "fail",
              "message": "dtype differs: got int64, expected int32", "duration": 0.1,
              "file": "/home/someone/nx-conformance/spec/nx/arithmetic/add.yaml", "line": 3}  # fmt: skip
    old = tmp_path / "old.json"
    old.write_text(json.dumps({"format": "nx-conformance-results/1", "adapter": {"name": "old"},
                               "spec": {"roots": ["/home/someone/nx-conformance/spec"]},
                               "results": [record]}))  # fmt: skip
    page = tmp_path / "old.html"
    assert main(["report", str(old), "--html", str(page)]) == 0
    html = page.read_text()
    assert "/home/someone" not in html and "spec/nx/arithmetic/add.yaml" in html
    assert "result dtype differs: another integer dtype" in html


def test_the_report_and_the_gate_see_the_same_changes(runs, tmp_path):
    """A known failure that fails differently is a changed failure for both."""
    from reports import gate, model
    from reports.baseline import read_baseline
    from reports.runs import read_run

    data = json.loads(runs["good"].read_text())
    for record in data["results"]:
        if record["id"].endswith("a known failure"):
            record["message"] = "shape differs: got [3], expected [2]"
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(data))
    baseline = read_baseline(runs["good"])
    run = read_run(changed)
    verdicts = gate.gate(baseline, run).of(gate.Kind.CHANGED)
    shown = model.build([run], baseline).diff
    assert [v.case_id for v in verdicts] == [item["id"] for item in shown["changed"]]
    assert len(shown["changed"]) == 1 and not shown["regressions"]


def test_the_shards_of_one_run_are_one_implementation_in_the_report(tmp_path):
    from reports import model
    from reports.runs import read_runs

    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "cases.yaml").write_text(textwrap.dedent(SPEC))
    shards = [tmp_path / f"shard{k}.json" for k in (1, 2)]
    for k, path in enumerate(shards, 1):
        main(["run", "--spec", str(spec), "--shard", f"{k}/2", "--json", str(path), "-q"])
    runs = read_runs(shards)
    assert len(runs) == 1 and runs[0].total == 4  # as the gate merges them
    assert len(model.build(runs).runs) == 1


def test_dtype_families_and_namespaces_read_answered_rates_and_na(tmp_path):
    """A backend without complex dtypes reads n/a there, not 0 %, and its rates are over
    what it answers."""
    from reports import html, model
    from reports.runs import run_of

    def record(case_id, outcome, dtypes):
        return {"id": case_id, "namespace": "nx", "op": "add", "outcome": outcome,
                "dtypes": dtypes, "source": "doc-text"}

    run = run_of(
        {"adapter": {"name": "subset"}},
        [record("nx.add/a", "pass", ["float32"]), record("nx.add/b", "fail", ["float32"]),
         record("nx.add/c", "unsupported", ["complex64"]),
         record("nx.add/d", "unsupported", ["float32"])],
    )
    page = html.render(model.build([run]))
    assert 'data-family="complex">n/a <span class="muted">(unsupported)' in page
    assert 'data-family="float (32/64)">50.0% <span class="muted">(1/2)' in page
    assert "<td>nx</td><td class=\"num\">50.0%</td><td class=\"muted\">1/2 answered" in page
