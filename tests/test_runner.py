"""The runner: outcomes, isolation, identity and aliasing checks, shards, skip lists, streaming."""

from __future__ import annotations

import io
import json
import textwrap
from pathlib import Path

import pytest

from adapters.reference.adapter import ReferenceAdapter
from conformance.cases import load_spec
from conformance.execute import Outcome
from conformance.results import read_results
from conformance.runner import (
    Progress,
    near_globs,
    parse_shard,
    read_skip_list,
    run_cases,
    run_one,
    select,
    shard,
    unmatched_rules,
)

CASES = """\
op: zeros
section: creation
cases:
  - name: zeros float32
    source: doc-text
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 0]}}
  - name: ones int8
    op: ones
    source: doc-text
    args: [{dtype: int8}, {ints: [3]}]
    expect: {tensor: {dtype: int8, shape: [3], data: [1, 1, 1]}}
  - name: ones float16
    op: ones
    source: doc-text
    args: [{dtype: float16}, {ints: [1]}]
    expect: {tensor: {dtype: float16, shape: [1], data: [1]}}
  - name: negative dim
    source: error
    args: [{dtype: float32}, {ints: [-1]}]
    raises: {error: Invalid_argument}
  - name: negative dim with the wrong kind
    source: error
    args: [{dtype: float32}, {ints: [-1]}]
    raises: {error: Not_found}
  - name: expected to raise but returns
    source: error
    args: [{dtype: float32}, {ints: [1]}]
    raises: {error: Invalid_argument}
  - name: not implemented
    op: no_such_op
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
  - name: properties
    source: edge
    args: [{dtype: float64}, {ints: [2, 3]}]
    properties:
      - {check: shape_is, shape: [2, 3]}
      - {check: dtype_is, dtype: float64}
      - {check: item_is, index: [1, 2], value: 0.0}
      - {check: in_range, low: 0, high: 1}
      - {check: holds, expr: "sum(out) == 0 and len(out) == 2"}
      - {check: allclose, lhs: "T(out)", rhs: "reshape([0, 0, 0, 0, 0, 0], [3, 2])"}
      - {check: same_as_rerun}
  - name: a failing property names its line
    source: edge
    args: [{dtype: float64}, {ints: [2]}]
    properties:
      - {check: shape_is, shape: [2]}
      - {check: holds, expr: "sum(out) == 1"}
"""


def spec_dir(tmp_path: Path, text: str = CASES) -> Path:
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "cases.yaml").write_text(textwrap.dedent(text))
    return tmp_path


def outcomes(results) -> dict[str, Outcome]:
    return {r.id.split("/", 1)[1]: r.outcome for r in results}


def test_each_case_gets_its_own_outcome(tmp_path):
    spec = load_spec([spec_dir(tmp_path)])
    assert spec.problems == []
    got = outcomes(run_cases(spec.cases, "reference"))
    assert got == {
        "zeros float32": Outcome.PASS,
        "ones int8": Outcome.PASS,
        "ones float16": Outcome.PASS,
        "negative dim": Outcome.PASS,
        "negative dim with the wrong kind": Outcome.FAIL,
        "expected to raise but returns": Outcome.FAIL,
        "not implemented": Outcome.UNSUPPORTED,
        "properties": Outcome.PASS,
        "a failing property names its line": Outcome.FAIL,
    }


def test_failure_messages_say_what_and_where(tmp_path):
    spec = load_spec([spec_dir(tmp_path)])
    by_name = {c.name: c for c in spec.cases}
    adapter = ReferenceAdapter()
    wrong_kind = run_one(by_name["negative dim with the wrong kind"], adapter)
    assert (
        "raised Invalid_argument" in wrong_kind.message
        and "should raise Not_found" in wrong_kind.message
    )
    returned = run_one(by_name["expected to raise but returns"], adapter)
    assert "returned float32 tensor [1]" in returned.message
    prop = run_one(by_name["a failing property names its line"], adapter)
    assert "property 2 (line" in prop.message and "'sum(out) == 1' is false" in prop.message
    report = prop.report()
    assert report.startswith("FAIL nx.zeros/a failing property names its line (")
    assert "cases.yaml:" in report.splitlines()[0]


def test_an_op_raising_a_python_exception_is_an_error_and_the_run_goes_on(tmp_path):
    spec = load_spec([spec_dir(tmp_path)])
    results = list(run_cases(spec.cases, "tests.fakes:RaisesPythonError"))
    got = outcomes(results)
    assert got["zeros float32"] is Outcome.ERROR
    assert got["ones int8"] is Outcome.PASS
    message = next(r.message for r in results if r.id.endswith("zeros float32"))
    assert "ZeroDivisionError" in message and "tests/fakes.py" in message


def test_a_wrong_result_is_a_fail_and_a_missing_dtype_is_unsupported(tmp_path):
    spec = load_spec([spec_dir(tmp_path)])
    assert outcomes(run_cases(spec.cases, "tests.fakes:WrongOnes"))["ones int8"] is Outcome.FAIL
    no16 = outcomes(run_cases(spec.cases, "tests.fakes:NoFloat16"))
    assert no16["ones float16"] is Outcome.UNSUPPORTED and no16["ones int8"] is Outcome.PASS


IDENTITY = """\
op: zeros
section: creation
cases:
  - name: identity and aliasing
    op: meshgrid
    source: doc-text
    args:
      - {tensor: {dtype: int32, shape: [2], data: [1, 2]}}
      - {tensor: {dtype: int32, shape: [3], data: [3, 4, 5]}}
    kwargs: {indexing: {variant: ij}}
    aliases: {arg: 1, component: 1}
    properties:
      - {check: length_is, length: 2}
      - {check: shape_is, of: out0, shape: [2, 3]}
      - {check: equals, of: arg0, value: {tensor: {dtype: int32, shape: [2], data: [1, 2]}}}
      - check: pipeline
        steps: [{op: shape, args: [{ref: out1}]}]
        expect: {ints: [2, 3]}
      - check: pipeline
        steps: [{op: dim, args: [{int: 5}, {ref: out0}]}]
        raises: {error: [Invalid_argument, Failure]}
"""


def test_pipelines_use_live_values_and_components(tmp_path):
    spec = load_spec([spec_dir(tmp_path, IDENTITY)])
    assert spec.problems == []
    [result] = run_cases(spec.cases, "reference")
    assert result.outcome is Outcome.PASS, result.message


def test_shards_partition_the_cases_deterministically(tmp_path):
    cases = load_spec([spec_dir(tmp_path)]).cases
    parts = [shard(cases, k, 3) for k in (1, 2, 3)]
    ids = [c.id for part in parts for c in part]
    assert sorted(ids) == sorted(c.id for c in cases)
    assert len(ids) == len(set(ids))
    assert [c.id for c in shard(list(reversed(cases)), 2, 3)] == [c.id for c in reversed(parts[1])]
    with pytest.raises(ValueError):
        parse_shard("0/3")
    with pytest.raises(ValueError):
        parse_shard("4/3")


def test_select_globs_and_skip_lists(tmp_path):
    cases = load_spec([spec_dir(tmp_path)]).cases
    assert {c.op for c in select(cases, ["nx.ones/*"])} == {"ones"}
    skip_file = tmp_path / "skips.txt"
    skip_file.write_text("# known gaps\nnx.ones/* # not our problem\n")
    rules = read_skip_list(skip_file)
    results = list(run_cases(cases, "reference", skip=rules))
    skipped = [r for r in results if r.outcome is Outcome.SKIP]
    assert {r.op for r in skipped} == {"ones"} and skipped[0].message == "not our problem"


@pytest.mark.parametrize(
    ("glob", "meant"),
    [
        ("nx.ones", ["nx.ones/*"]),  # an op id without its case part
        ("ones", ["nx.ones/*"]),  # a bare op name
        ("nx.one/*", ["nx.ones/*"]),  # a near op
        ("Nx.zeros/*", ["nx.zeros/*"]),  # a near namespace
        ("nx.ones/ones", ["nx.ones/ones*", "nx.ones/ones int8", "nx.ones/*"]),  # a prefix
        ("nx.ones/int8", ["nx.ones/ones int8", "nx.ones/*"]),  # a near case name
        ("nx.frobnicate/*", []),
    ],
)
def test_a_glob_that_matches_nothing_gets_the_globs_it_may_have_meant(tmp_path, glob, meant):
    cases = load_spec([spec_dir(tmp_path)]).cases
    assert select(cases, [glob]) == []
    assert near_globs(glob, cases) == meant


def test_skip_list_lines_that_match_no_case_are_found_with_their_line(tmp_path):
    cases = load_spec([spec_dir(tmp_path)]).cases
    skip_file = tmp_path / "skips.txt"
    skip_file.write_text("nx.ones/*\n# a comment\nnx.one/*  # a typo\n")
    [unmatched] = unmatched_rules(read_skip_list(skip_file), cases)
    assert (unmatched.glob, unmatched.where) == ("nx.one/*", f"{skip_file}:3")


class Finished:
    def __init__(self, outcome: Outcome):
        self.outcome = outcome


def test_the_progress_line_waits_a_few_seconds_then_redraws_in_place_and_is_erased():
    now = [0.0]
    shown = io.StringIO()
    progress = Progress(5, shown, True, after=3, every=0.5, clock=lambda: now[0])
    for seconds, outcome in [(1, Outcome.PASS), (3.2, Outcome.FAIL), (3.4, Outcome.ERROR),
                             (4.2, Outcome.PASS), (4.3, Outcome.PASS)]:  # fmt: skip
        now[0] = seconds
        progress.update(Finished(outcome))
    progress.close()
    assert shown.getvalue() == (
        "\r2/5 cases, 1 failed, 3 s\x1b[K"  # nothing in the first 3 s
        "\r4/5 cases, 2 failed, 4 s\x1b[K"  # 3.4: drawn 0.2 s ago, not again
        "\r5/5 cases, 2 failed, 4 s\x1b[K"  # the last is always drawn
        "\r\x1b[K"
    )


def test_no_progress_line_when_disabled_or_short():
    shown = io.StringIO()
    for progress in (Progress(2, shown, False, after=0), Progress(2, shown, True, after=60)):
        progress.update(Finished(Outcome.PASS))
        progress.close()
    assert shown.getvalue() == ""


def test_parallel_workers_give_the_same_outcomes(tmp_path):
    cases = load_spec([spec_dir(tmp_path)]).cases
    serial = outcomes(run_cases(cases, "tests.fakes:RaisesPythonError"))
    parallel = outcomes(run_cases(cases, "tests.fakes:RaisesPythonError", jobs=2))
    assert parallel == serial
    assert serial["zeros float32"] is Outcome.ERROR and serial["ones int8"] is Outcome.PASS


def test_a_parallel_run_that_ends_normally_lets_its_workers_exit(tmp_path, monkeypatch):
    """Not by SIGTERM: an idle worker that takes the signal just before it blocks on the
    task queue's lock waits forever, and so would the run (seen after the last result of
    1 run in 7 under load). Workers take their sentinel and exit, closing their adapter."""
    import multiprocessing.pool

    def terminate(self):
        raise AssertionError("a normal end must not terminate the pool")

    monkeypatch.setattr(multiprocessing.pool.Pool, "terminate", terminate)
    cases = load_spec([spec_dir(tmp_path)]).cases
    assert len(list(run_cases(cases, "reference", jobs=2))) == len(cases)


def test_results_read_back_from_a_partial_stream(tmp_path):
    from conformance.results import ResultStream

    cases = load_spec([spec_dir(tmp_path)]).cases
    stream = ResultStream(tmp_path / "out.json", {"adapter": {"name": "reference"}})
    for result in run_cases(cases[:3], "reference"):
        stream.add(result)
    stream.abandon()
    data = read_results(tmp_path / "out.json.partial")
    assert data["interrupted"] is True
    assert data["summary"]["total"] == 3
    json.dumps(data)


def test_the_spec_digest_is_of_what_the_spec_is_not_where_it_was_read_from(tmp_path, monkeypatch):
    from conformance.runner import spec_identity

    digests = set()
    for place in ("one", "two/deeper"):
        root = spec_dir(tmp_path / place)
        for cwd in (tmp_path, root, root.parent):
            monkeypatch.chdir(cwd)
            spec = load_spec([str(Path(root).relative_to(cwd)) if cwd != root else "."])
            digests.add(spec_identity(spec.roots, spec.files)["digest"])
    assert len(digests) == 1
    (tmp_path / "one" / "cases.yaml").write_text(CASES.replace("zeros float32", "zeros f32"))
    spec = load_spec([tmp_path / "one"])
    assert spec_identity(spec.roots, spec.files)["digest"] not in digests  # content counts
