"""Failures grouped by cause: every failing case in exactly one cause, biggest first; the
concrete numbers out of the signature; failures of a kernel op a case relies on
attributed to that op; older result files grouped by their messages."""

from __future__ import annotations

import json

from conformance.cli import main
from reports import causes
from reports.runs import run_of


def record(case_id, outcome="fail", failure=None, message="", dtypes=("int32",), **more):
    namespace, rest = case_id.split(".", 1)
    result = {
        "id": case_id,
        "namespace": namespace,
        "op": rest.split("/")[0],
        "section": "s",
        "source": "edge",
        "dtypes": list(dtypes),
        "outcome": outcome,
        "message": message,
        "duration": 0.0,
        "file": "spec/x.yaml",
        "line": 1,
        **more,
    }
    if failure is not None:
        result["failure"] = failure
    return result


def run(*records):
    return run_of({"adapter": {"name": "impl"}}, list(records))


DTYPE = {"kind": "dtype", "got": "int64", "expected": "int32"}


def test_every_failing_case_is_in_exactly_one_cause_biggest_first():
    found = causes.cluster(
        run(
            record("nx.add/a", failure=DTYPE),
            record("nx.sub/b", failure=DTYPE),
            record("nx.sub/c", failure={"kind": "dtype", "got": "int8", "expected": "int4"}),
            record("nx.div/d", failure={"kind": "values", "of": "int32", "elements": ["extreme"]}),
            record("nx.mul/e", outcome="error", failure={"kind": "timeout"}),
            record("nx.mul/f", outcome="pass"),
            record("nx.mul/g", outcome="unsupported"),
        )
    )
    assert found.total == 5
    assert sorted(case for c in found.causes for case in c.cases) == [
        "nx.add/a", "nx.div/d", "nx.mul/e", "nx.sub/b", "nx.sub/c"
    ]  # fmt: skip
    first = found.causes[0]
    assert first.signature == "result dtype differs: another integer dtype"
    assert first.count == 3 and first.functions == {"nx.sub": 2, "nx.add": 1}
    assert first.variants == {"got int64, expected int32": 2, "got int8, expected int4": 1}
    assert [c.signature for c in found.causes[1:]] == [
        "times out",
        "values differ at extremes (integer)",
    ]
    assert found.covering == 2  # 3 + 1 of 5 cases is 80 %


def test_numbers_stay_out_of_signatures_and_variants():
    a = record(
        "nx.pow/a",
        failure={"kind": "raised", "got": "Invalid_argument"},
        message="the call raised Invalid_argument (numpy raised ValueError: high <= 0), "
        "but it should return a result",
    )
    b = dict(a, id="nx.pow/b", message=a["message"].replace("0", "17"))
    found = causes.cluster(run(a, b))
    assert len(found.causes) == 1
    assert found.causes[0].signature == "raises Invalid_argument where a result is documented"
    assert found.causes[0].variants == {
        "raised Invalid_argument (numpy raised ValueError: high <= N)": 2
    }


def test_a_failure_of_a_kernel_op_the_case_relies_on_is_attributed_to_it():
    found = causes.cluster(
        run(
            record("nx.transpose/own case", failure=DTYPE),
            record("nx.sum/strided input", failure=DTYPE, depends=["nx.transpose"]),
            record(
                "nx.sum/other dtype", failure=DTYPE, depends=["nx.transpose"], dtypes=["float32"]
            ),
            record("nx.sum/healthy kernel", failure=DTYPE, depends=["nx.reshape"]),
        )
    )
    by_case = {case: found.causes[i] for case, i in found.cause_of().items()}
    relied = by_case["nx.sum/strided input"]
    assert relied.signature == "relies on nx.transpose, which fails here"
    assert relied.relies_on == "nx.transpose"
    assert relied.variants == {"result dtype differs: another integer dtype": 1}
    # transpose fails on int32 only: a float32 case is not blamed on it
    assert by_case["nx.sum/other dtype"].relies_on is None
    assert by_case["nx.sum/healthy kernel"].relies_on is None


def test_older_result_files_are_grouped_by_their_messages():
    found = causes.cluster(
        run(
            record("nx.a/1", message="dtype differs: got bool, expected uint8"),
            record(
                "nx.a/2",
                message="returned int32 tensor [2] [1, 2], but the call should "
                "raise Invalid_argument",
            ),
            record(
                "nx.a/3",
                outcome="error",
                message="the implementation crashed: KeyError: 'x' (at adapters/x.py:3 in run)",
            ),
            record("nx.a/4", message="something nobody foresaw"),
        )
    )
    signatures = {c.signature for c in found.causes}
    assert signatures == {
        "result dtype differs: bool instead of an integer",
        "returns where an error is documented",
        "crashes",
        "other failures",
    }


def test_the_causes_command_prints_and_writes_the_clusters(tmp_path, capsys):
    path = tmp_path / "results.json"
    document = {
        "format": "nx-conformance-results/1",
        "adapter": {"name": "impl"},
        "results": [record(f"nx.add/{i}", failure=DTYPE) for i in range(3)]
        + [record("nx.ones/x", failure={"kind": "shape", "rank": "same rank"})],
    }
    path.write_text(json.dumps(document))
    out = tmp_path / "causes.json"
    assert main(["causes", str(path), "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "impl: 4 failing or erroring case(s) in 2 cause(s); the 2 biggest cover 80%" in text
    assert "1. result dtype differs: another integer dtype: 3 (75.0%), 1 function(s)" in text
    data = json.loads(out.read_text())["runs"][0]
    assert data["failing"] == 4 and data["causes_covering_80_percent"] == 2
    assert data["causes"][0]["cases"] == ["nx.add/0", "nx.add/1", "nx.add/2"]
    assert data["causes"][1]["signature"] == "result shape differs (same rank)"


def test_the_markdown_list_names_the_top_causes():
    found = causes.cluster(run(*[record(f"nx.add/{i}", failure=DTYPE) for i in range(4)]))
    text = causes.markdown(found)
    assert text.splitlines() == [
        "Top causes of the 4 failing case(s):",
        "- result dtype differs: another integer dtype (mostly got int64, expected int32): "
        "4 (100%), in 1 function(s) such as `nx.add`",
    ]
    assert causes.markdown(causes.cluster(run(record("nx.add/x", outcome="pass")))) == ""
