"""The CI gate and baselines: failure signatures, baseline format 2 and its triage, changed
failures, shards, disappeared cases, the gate's JUnit, --strict, --require-triage and the
answered pass rate."""

from __future__ import annotations

import json
import textwrap
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters import values as v
from conformance.cases import EXACT, Tol
from conformance.cli import main
from conformance.compare import compare, describe
from reference import dtypes
from reports.baseline import Category, read_baseline
from reports.runs import Run, run_of
from reports.signature import signature

# --- Signatures -------------------------------------------------------------------------------

SAME_FAILURE = [
    (
        "values differ: 1 of 2 element(s) of int32 [2] (compared exactly)\n  at [0]: got -4",
        "values differ: 17 of 240 element(s) of int32 [4, 6, 10] (compared exactly)",
    ),
    (
        "values differ at [1]: 3 of 7 element(s) of float16 [7] outside tolerance rtol=0.001, "
        "atol=0.001",
        "values differ at [0, 1]: 1 of 4 element(s) of float16 [2, 2] outside tolerance "
        "rtol=1e-05, atol=1e-06",
    ),
    (
        "returned float64 tensor [2] [0.0, nan], but the call should raise Invalid_argument",
        "returned float64 tensor [3, 3] [1.5, -inf, 2e-300, 0.0, 1.0, 2.0, 3.0, 4.0, ...], "
        "but the call should raise Invalid_argument",
    ),
    (
        "returned complex64 tensor [2] [(1.5+-0.0i), (-0.5+-0.0i)], but the call should raise "
        "Failure",
        "returned complex64 tensor [1] [(0.83373-0.98889i)], but the call should raise Failure",
    ),
    (
        "returned Tuple(items=(tensor(float64, [2], [-0.3722813232690143, 5.372281323269014]), "
        "ten..., but the call should raise Invalid_argument",
        "returned Tuple(items=(tensor(float64, [2], [1.2e-16, 1.0]), tensor(float64,..., but "
        "the call should raise Invalid_argument",
    ),
    (
        "the implementation crashed: the program exited (status -6) while waiting for the "
        "reply to request 7938 (stderr: 'free(): invalid size'); the program was restarted",
        "the implementation crashed: the program exited (status -11) while waiting for the "
        "reply to request 12; the program was restarted",
    ),
    (
        "the implementation crashed: no reply within 5 s while waiting for the reply to "
        "request 17 (a hang?)",
        "the implementation crashed: no reply within 2.5 s while waiting for the reply to "
        "request 4211 (a hang?)",
    ),
    (
        "the implementation crashed: RuntimeError: <Buffer object at 0x7f3a2c1e90> freed after "
        "12ms",
        "the implementation crashed: RuntimeError: <Buffer object at 0x55d0c0> freed after 3ms",
    ),
    (
        "property 2 (line 80): shape_is: out2 has shape [3, 3], expected [2, 3]",
        "property 2 (line 91): shape_is: out2 has shape [4], expected [5]",
    ),
]

OTHER_FAILURE = [
    (
        "values differ: 1 of 2 element(s) of int32 [2] (compared exactly)",
        "dtype differs: got int64, expected int32",
    ),
    ("dtype differs: got int64, expected int32", "dtype differs: got int16, expected int32"),
    (
        "values differ: 1 of 2 element(s) of float8_e4m3 [2] outside tolerance exact",
        "values differ: 1 of 2 element(s) of float8_e5m2 [2] outside tolerance exact",
    ),
    (
        "values differ: 1 of 2 element(s) of float32 [2] outside tolerance exact",
        "values differ: 1 of 2 element(s) of float32 [2] outside tolerance rtol=1e-05, atol=0",
    ),
    (
        "the call raised Invalid_argument (shape mismatch), but it should return a result",
        "the call raised Failure (shape mismatch), but it should return a result",
    ),
    (
        "property 1 (line 12): shape_is: out has shape [2], expected [3]",
        "property 1 (line 12): dtype_is: out has dtype float64, expected float32",
    ),
    (
        "aliases: the result should share storage with argument 0 (a view), but it shares "
        "with no argument (a new object)",
        "values differ: 2 of 4 element(s) of int32 [4] (compared exactly)",
    ),
]


@pytest.mark.parametrize(("first", "second"), SAME_FAILURE)
def test_one_failure_gives_one_signature_whatever_its_numbers(first, second):
    assert signature(first) == signature(second)
    assert "#" in signature(first) and "\n" not in signature(first)


@pytest.mark.parametrize(("first", "second"), OTHER_FAILURE)
def test_another_kind_of_failure_gives_another_signature(first, second):
    assert signature(first) != signature(second)


INTEGER = dtypes.by_name("int32")
FLOAT32 = dtypes.by_name("float32")
FLOATS = [dtypes.by_name(name) for name in ("float16", "float32", "float64")]
shapes = st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple)


@settings(max_examples=60, deadline=None)
@given(shape=shapes, data=st.data())
def test_every_integer_mismatch_of_the_comparator_has_one_signature(shape, data):
    size = int(np.prod(shape))
    values = data.draw(st.lists(st.integers(-(2**31), 2**31 - 1), min_size=size, max_size=size))
    wrong = data.draw(st.sets(st.integers(0, size - 1), min_size=1))
    expected = np.array(values, dtype=np.int32).reshape(shape)
    got = expected.copy().reshape(-1)
    for i in wrong:
        got[i] = np.int32(got[i]) ^ np.int32(1)
    message = compare(
        v.TensorValue(INTEGER, shape, expected), v.TensorValue(INTEGER, shape, got.reshape(shape))
    )
    kinds = signature(message).removeprefix(
        "values differ: # of # element(s) of int32 [#] (compared exactly); differing: "
    )
    assert kinds in ("ordinary", "extreme", "extreme, ordinary")  # words, not numbers


@settings(max_examples=60, deadline=None)
@given(
    dtype=st.sampled_from(FLOATS),
    shape=shapes,
    rtol=st.floats(1e-9, 0.1),
    atol=st.floats(0, 0.1),
    data=st.data(),
)
def test_every_float_result_has_one_signature_whatever_its_values(dtype, shape, rtol, atol, data):
    size = int(np.prod(shape))
    elements = st.floats(width=16, allow_nan=True, allow_infinity=True)
    values = np.array(data.draw(st.lists(elements, min_size=size, max_size=size)))
    got = v.TensorValue(dtype, shape, values.astype(dtype.storage).reshape(shape))
    raised = f"returned {describe(got)}, but the call should raise Invalid_argument"
    assert signature(raised) == (
        f"returned {dtype.name} tensor [#] [#], but the call should raise Invalid_argument"
    )
    unlike = np.where(np.isnan(values), 1.0, np.nan)  # NaN where got is not: every element
    expected = v.TensorValue(dtype, shape, unlike.astype(dtype.storage).reshape(shape))
    message = compare(expected, got, Tol(rtol, atol))
    assert signature(message) == (
        f"values differ: # of # element(s) of {dtype.name} [#] outside tolerance rtol=#, atol=#"
        "; differing: nan"
    )


def test_a_failure_changes_signature_when_its_differing_elements_change_kind():
    """abs(-inf) turning into NaN in a case already failing on -0 is a new wrong value."""
    want = v.TensorValue(FLOAT32, (2,), np.array([0.0, np.inf], dtype=np.float32))
    on_zero = v.TensorValue(FLOAT32, (2,), np.array([-0.0, np.inf], dtype=np.float32))
    also_nan = v.TensorValue(FLOAT32, (2,), np.array([-0.0, np.nan], dtype=np.float32))
    before = signature(compare(want, on_zero, EXACT))
    after = signature(compare(want, also_nan, EXACT))
    assert before.endswith("; differing: signed-zero")
    assert after.endswith("; differing: nan, signed-zero")
    assert before != after


def test_a_difference_in_sign_or_nan_only_prints_no_error_figures():
    want = v.TensorValue(FLOAT32, (3,), np.array([0.0, 1.0, np.inf], dtype=np.float32))
    got = v.TensorValue(FLOAT32, (3,), np.array([-0.0, np.nan, 5.0], dtype=np.float32))
    message = compare(want, got, Tol(1e-6, 0))
    assert "max abs error" not in message and "rel error" not in message
    assert "at [1]: got nan, expected 1.0" in message


# --- Result files and runs --------------------------------------------------------------------


def record(case_id: str, outcome: str, message: str = "") -> dict:
    namespace, _, rest = case_id.partition(".")
    return {
        "id": case_id,
        "namespace": namespace,
        "op": rest.partition("/")[0],
        "section": "creation",
        "source": "edge",
        "dtypes": [],
        "outcome": outcome,
        "message": message,
        "duration": 0.001,
        "file": "spec/nx/creation/x.yaml",
        "line": 7,
        "examples": [],
    }


def write_results(path, cases: dict, *, adapter="backend", digest="abc", shard=None):
    """A results file: `cases` maps id -> outcome or (outcome, message)."""
    records = [
        record(case_id, *(spec if isinstance(spec, tuple) else (spec,)))
        for case_id, spec in cases.items()
    ]
    path.write_text(
        json.dumps(
            {
                "format": "nx-conformance-results/1",
                "adapter": {"name": adapter},
                "spec": {"digest": digest, "shard": shard, "cases": len(records)},
                "started": "2026-01-01T00:00:00+00:00",
                "results": records,
            }
        )
    )
    return path


def write_yaml(path, text: str):
    path.write_text(textwrap.dedent(text))
    return path


VALUES = "values differ: 1 of 3 element(s) of int32 [3] (compared exactly)\n  at [0]: got 0"
BASE = {
    "nx.add/passes": "pass",
    "nx.div/known": ("fail", VALUES),
    "nx.pad/unsupported": ("unsupported", "numpy has no pad of this kind"),
}


def run_gate(capsys, *argv):
    status = main(["gate", *map(str, argv)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


# --- Baseline format 2 ------------------------------------------------------------------------


def test_a_baseline_keeps_the_signature_of_each_failure_and_reads_back(tmp_path, capsys):
    results = write_results(tmp_path / "r.json", BASE)
    written = tmp_path / "b.yaml"
    assert main(["baseline", str(results), "-o", str(written)]) == 0
    text = written.read_text()
    assert "format: nx-conformance-baseline/2" in text
    assert "nx.add/passes: pass" in text and "nx.pad/unsupported: unsupported" in text
    assert "signature: 'values differ: # of # element(s) of int32 [#] (compared exactly)'" in text
    baseline = read_baseline(written)
    assert baseline.compares_failures and baseline.label == "backend"
    known = baseline.cases["nx.div/known"]
    assert (known.outcome, known.signature) == ("fail", signature(VALUES))
    assert baseline.cases["nx.pad/unsupported"].signature is None


def test_a_format_1_baseline_still_reads_and_means_what_it_meant(tmp_path, capsys):
    old = write_yaml(
        tmp_path / "v1.yaml",
        """\
        adapter: backend
        cases:
          nx.add/passes: pass
          nx.div/known: fail
        """,
    )
    baseline = read_baseline(old)
    assert not baseline.compares_failures
    assert {k: e.outcome for k, e in baseline.cases.items()} == {
        "nx.add/passes": "pass",
        "nx.div/known": "fail",
    }
    now = write_results(tmp_path / "r.json", {"nx.add/passes": "pass", "nx.div/known": "error"})
    status, out, _ = run_gate(capsys, "--baseline", old, now)
    assert status == 0 and "gate PASSED" in out


ENTRY = "    outcome: fail\n    signature: 'dtype differs: got int64, expected int32'\n"
BAD_BASELINES = [
    ("cases:\n  nx.a/x: wrong\n", "case 'nx.a/x': outcome 'wrong' is not one of pass, fail"),
    (
        "format: nx-conformance-baseline/2\ncases:\n  nx.a/x:\n" + ENTRY + "    category: wontfix\n"
        "    reason: later\n",
        "case 'nx.a/x': category 'wontfix' is not one of upstream, inexpressible, difference",
    ),
    (
        "format: nx-conformance-baseline/2\ncases:\n  nx.a/x:\n"
        + ENTRY
        + "    category: upstream\n",
        "case 'nx.a/x': category upstream needs a reason",
    ),
    (
        "format: nx-conformance-baseline/2\ncases:\n  nx.a/x:\n"
        + ENTRY
        + "    categroy: upstream\n",
        "case 'nx.a/x': unknown key(s) ['categroy']",
    ),
    (
        "cases:\n  nx.a/x:\n" + ENTRY,
        "case 'nx.a/x': a long-form entry needs 'format: nx-conformance-baseline/2'",
    ),
    ("format: nx-conformance-baseline/9\ncases: {}\n", "format 'nx-conformance-baseline/9'"),
    (
        "format: nx-conformance-baseline/2\ncases:\n  nx.a/x:\n    outcome: unsupported\n"
        "    signature: whatever\n",
        "a signature is kept for fail and error only, not unsupported",
    ),
    (
        "format: nx-conformance-baseline/2\ncases:\n  nx.a/x:\n    outcome: pass\n"
        "    category: upstream\n    reason: later\n",
        "a case expected to pass has no signature, category or reason",
    ),
    ("cases:\n  nx.a/x: fail\n  nx.a/x: pass\n", ":3: not valid YAML ('nx.a/x' is given twice)"),
    ("cases: [nx.a/x\n", "not valid YAML"),
    ("- just a list\n", "a baseline is a mapping with 'cases:"),
    ("cases: {}\nadaptor: x\n", "unknown key(s) ['adaptor']"),
]


@pytest.mark.parametrize(("text", "problem"), BAD_BASELINES)
def test_a_wrong_baseline_is_one_line_naming_the_file_and_the_problem(
    tmp_path, capsys, text, problem
):
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    results = write_results(tmp_path / "r.json", BASE)
    for argv in (
        ["gate", "--baseline", str(bad), str(results)],
        ["baseline", str(results), "-o", str(tmp_path / "new.yaml"), "--keep-triage", str(bad)],
    ):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert err.startswith(f"nx-conformance: {bad}") and problem in err, err
        assert "Traceback" not in out + err and len(err.splitlines()) == 1


def test_a_missing_baseline_or_results_file_is_a_usage_error(tmp_path, capsys):
    results = write_results(tmp_path / "r.json", BASE)
    status, _, err = run_gate(capsys, "--baseline", tmp_path / "none.yaml", results)
    assert status == 2 and f"{tmp_path / 'none.yaml'}: No such file" in err
    status, _, err = run_gate(capsys, "--min-pass-rate", "0", tmp_path / "none.json")
    assert status == 2 and "none.json" in err
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"format": "nx-conformance-results/1", "results": [{"x": 1}]}))
    status, _, err = run_gate(capsys, "--min-pass-rate", "0", broken)
    assert status == 2 and "broken.json: result 1: a result needs a string 'id'" in err
    empty = write_results(tmp_path / "empty.json", {})
    status, _, err = run_gate(
        capsys, "--baseline", write_yaml(tmp_path / "e.yaml", "cases: {}"), empty
    )
    assert status == 2 and "empty.json: no results: nothing to judge" in err


TRIAGED = """\
format: nx-conformance-baseline/2
adapter: backend
cases:
  nx.add/passes: pass
  nx.div/known:
    outcome: fail
    signature: 'values differ: # of # element(s) of int32 [#] (compared exactly)'
    category: upstream
    reason: The documentation says div truncates; it floors.
  nx.pad/unsupported:
    outcome: unsupported
    category: inexpressible
    reason: >-
      OCaml's type checker refuses "pad: int array"
      where the documentation shows a float.
  nx.sub/fixed:
    outcome: fail
    category: difference
    reason: NumPy wraps.
"""


def test_keep_triage_keeps_the_triage_of_what_still_fails_and_lists_the_untriaged(tmp_path, capsys):
    old = write_yaml(tmp_path / "old.yaml", TRIAGED)
    now = write_results(
        tmp_path / "r.json",
        {
            **BASE,
            "nx.div/known": ("error", "the implementation crashed: segfault"),
            "nx.sub/fixed": "pass",
            "nx.mul/new failure": ("fail", "dtype differs: got int64, expected int32"),
        },
    )
    written = tmp_path / "new.yaml"
    assert main(["baseline", str(now), "-o", str(written), "--keep-triage", str(old)]) == 0
    out, err = capsys.readouterr()
    baseline = read_baseline(written)
    div = baseline.cases["nx.div/known"]
    assert (div.outcome, div.category) == ("error", Category.UPSTREAM)
    assert div.reason == "The documentation says div truncates; it floors."
    pad = baseline.cases["nx.pad/unsupported"]
    assert pad.category is Category.INEXPRESSIBLE
    assert (
        pad.reason
        == 'OCaml\'s type checker refuses "pad: int array" where the documentation shows a float.'
    )
    fixed = baseline.cases["nx.sub/fixed"]
    assert (fixed.outcome, fixed.category, fixed.reason) == ("pass", None, None)
    assert "1 known failure(s) without category and reason" in err
    assert "UNTRIAGED   nx.mul/new failure (fail)" in err and "nx.div/known" not in err
    assert "(3 known failures, 1 without category and reason)" in out


EVIDENCED = """\
    format: nx-conformance-baseline/2
    causes:
      div-floors: {summary: div floors integers., cites: ['nx.txt:1 "x"']}
    cases:
      nx.div/changed:
        outcome: fail
        signature: 'values differ: # of # element(s) of int32 [#] (compared exactly)'
        category: upstream
        cause: div-floors
        reason: 'values differ: 1 of 3 element(s) of int32 [3] (compared exactly); at [0]: got 0. Contradicts the documentation, nx.txt:1 "x".'
      nx.div/same:
        outcome: fail
        signature: 'values differ: # of # element(s) of int32 [#] (compared exactly)'
        category: upstream
        cause: div-floors
        reason: 'values differ: 1 of 3 element(s) of int32 [3] (compared exactly). Contradicts the documentation, nx.txt:1 "x".'
      nx.div/in words:
        outcome: fail
        signature: 'dtype differs: got int#, expected int#'
        category: upstream
        reason: The documentation says div keeps int32 (nx.txt:1 "x"); it widens.
"""


def test_keep_triage_gives_a_changed_failure_its_own_new_evidence(tmp_path):
    """Category, cause and what the reason contradicts are kept; a reason's evidence is
    this run's once the failure changed, and a reason not of the form `EVIDENCE.
    Contradicts ...`, or of a failure that did not change, is kept word for word."""
    old = write_yaml(tmp_path / "old.yaml", EVIDENCED)
    crashed = "the implementation crashed: segfault\n  in kernel div"
    now = write_results(
        tmp_path / "r.json",
        {
            "nx.div/changed": ("error", crashed),
            "nx.div/same": ("fail", VALUES.replace("got 0", "got 7")),
            "nx.div/in words": ("error", crashed),
        },
    )
    written = tmp_path / "new.yaml"
    assert main(["baseline", str(now), "-o", str(written), "--keep-triage", str(old)]) == 0
    kept, cases = read_baseline(old).cases, read_baseline(written).cases
    changed = cases["nx.div/changed"]
    assert (changed.category, changed.cause) == (Category.UPSTREAM, "div-floors")
    assert changed.reason == (
        "the implementation crashed: segfault; in kernel div. Contradicts the documentation, "
        'nx.txt:1 "x".'
    )
    assert cases["nx.div/same"].reason == kept["nx.div/same"].reason
    assert cases["nx.div/in words"].reason == kept["nx.div/in words"].reason
    assert read_baseline(written).causes.keys() == {"div-floors"}


# --- Changed failures -------------------------------------------------------------------------


def test_a_known_failure_that_fails_differently_is_a_changed_failure(tmp_path, capsys):
    baseline = tmp_path / "b.yaml"
    main(["baseline", str(write_results(tmp_path / "r.json", BASE)), "-o", str(baseline)])
    same = dict(
        BASE,
        **{
            "nx.div/known": (
                "fail",
                "values differ: 2 of 9 element(s) of int32 [3, 3] (compared exactly)",
            )
        },
    )
    status, out, _ = run_gate(
        capsys, "--baseline", baseline, write_results(tmp_path / "s.json", same)
    )
    assert status == 0 and "changed" not in out
    for now in (
        ("fail", "dtype differs: got int64, expected int32"),
        ("error", "the implementation crashed: segfault"),
    ):
        changed = dict(BASE, **{"nx.div/known": now})
        status, out, _ = run_gate(
            capsys, "--baseline", baseline, write_results(tmp_path / "c.json", changed)
        )
        assert status == 1 and "gate FAILED" in out
        assert "1 changed failure(s): known failures that now fail differently" in out
        assert "CHANGED     nx.div/known" in out
        assert "was: fail: values differ: # of # element(s) of int32 [#] (compared exactly)" in out
        assert f"now: {now[0]}: {now[1]}" in out


def test_a_results_file_as_baseline_shows_the_whole_old_message(tmp_path, capsys):
    old = write_results(tmp_path / "old.json", BASE)
    changed = dict(BASE, **{"nx.div/known": ("fail", "dtype differs: got int64, expected int32")})
    status, out, _ = run_gate(
        capsys, "--baseline", old, write_results(tmp_path / "c.json", changed)
    )
    assert status == 1
    assert "was: fail: values differ: 1 of 3 element(s) of int32 [3] (compared exactly)" in out


CASES = """\
op: ones
section: creation
cases:
  - name: ones are ones
    source: doc-text
    args: [{dtype: int32}, {ints: [3]}]
    expect: {tensor: {dtype: int32, shape: [3], data: [1, 1, 1]}}
  - name: zeros are zeros
    op: zeros
    source: doc-text
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 0]}}
  - name: eye is one on the diagonal
    op: eye
    source: doc-text
    args: [{dtype: int32}, {int: 2}]
    expect: {tensor: {dtype: int32, shape: [2, 2], data: [1, 0, 0, 1]}}
  - name: not implemented anywhere
    op: frobnicate
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
"""


@pytest.fixture
def spec(tmp_path):
    root = tmp_path / "spec"
    root.mkdir()
    (root / "cases.yaml").write_text(CASES)
    return root


def test_a_backend_whose_failure_changes_fails_the_gate_end_to_end(spec, tmp_path, capsys):
    def run(adapter, name):
        main(
            ["run", "--spec", str(spec), "--adapter", adapter, "--json", str(tmp_path / name), "-q"]
        )
        return tmp_path / name

    baseline = tmp_path / "b.yaml"
    main(["baseline", str(run("tests.fakes:WrongOnes", "wrong.json")), "-o", str(baseline)])
    again = run("tests.fakes:WrongOnes", "again.json")
    capsys.readouterr()
    assert run_gate(capsys, "--baseline", baseline, again)[0] == 0
    other = run("tests.fakes:OnesInFloat64", "float.json")
    status, _, err = run_gate(capsys, "--baseline", baseline, other)
    assert status == 2  # another adapter's baseline is refused up front, naming both
    assert f"{baseline} is the baseline of wrong-ones, not of ones-in-float64" in err
    status, out, _ = run_gate(capsys, "--baseline", baseline, other, "--other-adapter")
    assert status == 1 and "CHANGED     nx.ones/ones are ones" in out
    assert "now: fail: dtype differs: got float64, expected int32" in out


# --- Shards -----------------------------------------------------------------------------------


def test_the_gate_and_merge_take_the_shards_of_one_run(spec, tmp_path, capsys):
    whole, shards = tmp_path / "whole.json", [tmp_path / "s1.json", tmp_path / "s2.json"]
    main(["run", "--spec", str(spec), "--json", str(whole), "-q"])
    for k, shard in enumerate(shards, 1):
        main(["run", "--spec", str(spec), "--shard", f"{k}/2", "--json", str(shard), "-q"])
    assert all(json.loads(s.read_text())["results"] for s in shards)
    baseline = tmp_path / "b.yaml"
    main(["baseline", str(whole), "-o", str(baseline)])
    capsys.readouterr()
    status, out, _ = run_gate(capsys, "--baseline", baseline, *shards)
    assert status == 0 and "did not run" not in out
    status, out, _ = run_gate(capsys, "--baseline", baseline, shards[0])
    assert status == 1 and "passed in the baseline did not run" in out
    assert "shard(s) 2/2 of this run are not among the results files" in out

    merged = tmp_path / "all.json"
    assert main(["merge", *map(str, shards), "-o", str(merged)]) == 0
    data, reference = json.loads(merged.read_text()), json.loads(whole.read_text())
    assert data["format"] == "nx-conformance-results/1"
    assert data["summary"] == reference["summary"]
    strip = lambda rs: [{k: x for k, x in r.items() if k != "duration"} for r in rs]  # noqa: E731
    assert strip(data["results"]) == strip(reference["results"])
    assert data["spec"]["shards"] == ["1/2", "2/2"]
    assert run_gate(capsys, "--baseline", baseline, merged)[0] == 0
    assert main(["merge", str(shards[0]), str(shards[0]), "-o", str(merged)]) == 0


def test_shards_that_disagree_are_refused(tmp_path, capsys):
    first = write_results(tmp_path / "a.json", {"nx.add/x": "pass", "nx.div/y": "pass"})
    other = write_results(tmp_path / "b.json", {"nx.div/y": ("fail", VALUES)})
    status, _, err = run_gate(capsys, "--min-pass-rate", "0", first, other)
    assert status == 2
    assert f"{other}: case 'nx.div/y' is also in {first} with another result (fail here" in err
    assert main(["merge", str(first), str(other), "-o", str(tmp_path / "m.json")]) == 2
    foreign = write_results(tmp_path / "c.json", {"nx.mul/z": "pass"}, adapter="numpy")
    assert main(["merge", str(first), str(foreign), "-o", str(tmp_path / "m.json")]) == 2
    assert "not shards of one run" in capsys.readouterr().err
    older = write_results(tmp_path / "d.json", {"nx.mul/z": "pass"}, digest="other")
    assert main(["merge", str(first), str(older), "-o", str(tmp_path / "m.json")]) == 2
    assert "spec digest other" in capsys.readouterr().err


# --- Disappeared cases ------------------------------------------------------------------------


def test_only_disappeared_passes_fail_the_gate_other_disappeared_cases_are_listed(tmp_path, capsys):
    baseline = write_results(tmp_path / "b.json", BASE)
    without_known = {"nx.add/passes": "pass"}
    status, out, _ = run_gate(
        capsys, "--baseline", baseline, write_results(tmp_path / "r.json", without_known)
    )
    assert status == 0
    assert "2 known failure(s) of the baseline did not run (not judged)" in out
    assert "NOT RUN     nx.div/known (expected fail)" in out
    assert "NOT RUN     nx.pad/unsupported (expected unsupported)" in out
    without_pass = {k: x for k, x in BASE.items() if k != "nx.add/passes"}
    status, out, _ = run_gate(
        capsys, "--baseline", baseline, write_results(tmp_path / "r.json", without_pass)
    )
    assert status == 1 and "1 case(s) that passed in the baseline did not run" in out
    assert "MISSING     nx.add/passes" in out


# --- --strict and --require-triage ------------------------------------------------------------


def test_strict_fails_on_a_stale_known_failure(tmp_path, capsys):
    baseline = write_yaml(tmp_path / "b.yaml", TRIAGED)
    fixed = write_results(tmp_path / "r.json", {**BASE, "nx.sub/fixed": "pass"})
    status, out, _ = run_gate(capsys, "--baseline", baseline, fixed)
    assert status == 0 and "1 known failure(s) now pass: tighten the baseline" in out
    status, out, _ = run_gate(capsys, "--baseline", baseline, fixed, "--strict")
    assert status == 1 and "1 known failure(s) now pass: fail the gate (--strict)" in out
    assert "NOW PASSES  nx.sub/fixed (was fail)" in out


def test_require_triage_fails_on_a_known_failure_without_category_and_reason(tmp_path, capsys):
    triaged = write_yaml(tmp_path / "t.yaml", TRIAGED)
    now = write_results(tmp_path / "r.json", {**BASE, "nx.sub/fixed": ("fail", "wrong")})
    status, out, _ = run_gate(capsys, "--baseline", triaged, now, "--require-triage")
    assert status == 0, out
    untriaged = tmp_path / "u.yaml"
    main(["baseline", str(now), "-o", str(untriaged)])
    capsys.readouterr()
    assert run_gate(capsys, "--baseline", untriaged, now)[0] == 0
    status, out, _ = run_gate(capsys, "--baseline", untriaged, now, "--require-triage")
    assert status == 1
    # the fails need triage; the unsupported case explains itself
    assert "2 known failure(s) without category and reason (--require-triage)" in out
    assert "UNTRIAGED   nx.div/known (fail)" in out
    assert "(unsupported)" not in out
    status, _, err = run_gate(capsys, now, "--min-pass-rate", "0", "--strict")
    assert status == 2 and "give --baseline" in err


# --- The gate's JUnit -------------------------------------------------------------------------


def test_the_gate_writes_its_own_verdict_as_junit(tmp_path, capsys):
    baseline = write_yaml(
        tmp_path / "b.yaml",
        TRIAGED.replace("  nx.add/passes: pass\n", "  nx.add/passes: pass\n  nx.abs/gone: pass\n")
        + "  nx.cos/regressed: pass\n  nx.exp/changed:\n    outcome: fail\n"
        "    signature: 'dtype differs: got int64, expected int32'\n",
    )
    now = write_results(
        tmp_path / "r.json",
        {
            **BASE,
            "nx.sub/fixed": "pass",
            "nx.cos/regressed": ("fail", "values differ: 1 of 1 element(s) of float32 []"),
            "nx.exp/changed": ("error", "the implementation crashed: segfault"),
            "nx.new/failing": ("fail", "dtype differs: got int8, expected int32"),
            "nx.new/passing": "pass",
            "nx.new/unsupported": ("unsupported", "not here"),
        },
    )
    junit = tmp_path / "gate.xml"
    status, _, _ = run_gate(
        capsys,
        "--baseline",
        baseline,
        now,
        "--junit",
        junit,
        "--min-answered-pass-rate",
        "90%",
        "--strict",
    )
    assert status == 1
    root = ET.parse(junit).getroot()
    cases = {case.get("name"): case for case in root.iter("testcase")}

    def verdict(name):
        children = list(cases[name])
        return (children[0].tag, children[0].get("message")) if children else ("passed", "")

    assert verdict("nx.add/passes") == ("passed", "")
    tag, message = verdict("nx.div/known")
    assert tag == "skipped" and message.startswith(
        "known failure [upstream: The documentation says div truncates; it floors.]: fail: "
        "values differ"
    )
    assert verdict("nx.pad/unsupported")[0] == "skipped"
    assert verdict("nx.cos/regressed") == (
        "failure",
        "regression: passed in the baseline, now fail: values differ: 1 of 1 element(s) of "
        "float32 []",
    )
    tag, message = verdict("nx.exp/changed")
    assert tag == "failure" and message == (
        "changed failure: was fail: dtype differs: got int64, expected int32; "
        "now error: the implementation crashed: segfault"
    )
    assert verdict("nx.sub/fixed")[0] == "failure"  # stale, under --strict
    assert verdict("nx.abs/gone") == ("failure", "did not run, and passed in the baseline")
    assert verdict("nx.new/failing")[0] == "failure"
    assert verdict("nx.new/passing") == ("passed", "")
    assert verdict("nx.new/unsupported")[0] == "skipped"
    threshold = verdict("overall answered pass rate")
    assert threshold[0] == "failure" and "is below 90.00%" in threshold[1]
    suites = {suite.get("name"): suite for suite in root.iter("testsuite")}
    assert suites["nx.creation"].get("skipped") == "3"
    assert suites["not run"].get("failures") == "1"


# --- The answered pass rate -------------------------------------------------------------------


def test_the_answered_pass_rate_leaves_out_unsupported_and_skipped_cases():
    records = [
        record("nx.a/1", "pass"),
        record("nx.a/2", "pass"),
        record("nx.a/3", "fail"),
        record("nx.a/4", "unsupported"),
        record("nx.a/5", "unsupported"),
        record("nx.a/6", "skip"),
        record("genarray.b/1", "unsupported"),
    ]
    run: Run = run_of({"adapter": {"name": "x"}}, records)
    assert run.pass_rate() == 2 / 6 and run.answered_pass_rate() == 2 / 3
    assert run.pass_rate("nx") == 2 / 5 and run.answered_pass_rate("nx") == 2 / 3
    assert run.answered_pass_rate("genarray") is None and run.pass_rate("genarray") == 0


def test_the_gate_thresholds_the_answered_pass_rate(spec, tmp_path, capsys):
    results = tmp_path / "r.json"
    main(["run", "--spec", str(spec), "--adapter", "tests.fakes:WrongOnes", "--json", str(results)])
    out = capsys.readouterr().out
    assert "2 pass, 1 fail, 1 unsupported; pass rate 50.0%, answered pass rate 66.7%" in out
    status, out, _ = run_gate(capsys, results, "--min-answered-pass-rate", "60%")
    assert status == 0 and "pass rate 50.0%, answered pass rate 66.7%" in out
    status, out, _ = run_gate(capsys, results, "--min-pass-rate", "60%")
    assert status == 1 and "overall pass rate 50.00% is below 60.00%" in out
    status, out, _ = run_gate(capsys, results, "--namespace-min-answered", "nx=0.7")
    assert status == 1 and "namespace nx answered pass rate 66.67% is below 70.00%" in out
    status, _, err = run_gate(capsys, results, "--namespace-min-answered", "nx=2")
    assert status == 2 and "--namespace-min-answered nx=2" in err
    summary = tmp_path / "summary.md"
    run_gate(capsys, results, "--min-answered-pass-rate", "0.6", "--summary-md", summary)
    assert "2/4 cases pass (50.0%), 2/3 of those answered (66.7%)" in summary.read_text()


def test_a_rate_just_below_its_minimum_is_shown_below_it():
    from reports.gate import Check, Threshold

    check = Check(Threshold(0.05, namespace="nx"), 0.049999)
    assert not check.met
    assert check.describe() == "namespace nx pass rate 4.9999% is below 5.0000%"
    assert Check(Threshold(0.05), 0.5).describe() == "overall pass rate 50.00% meets 5.00%"


def test_the_readme_recipe_gates_a_backend_that_implements_a_subset(tmp_path):
    """No float16 here: its cases are unsupported, which need no triage, so the README's
    strict, triaged gate holds on the backend's own baseline."""
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "ones.yaml").write_text(
        "op: ones\ncases:\n"
        "  - name: float32\n    args: [{dtype: float32}, {ints: [2]}]\n"
        "    expect: {tensor: {dtype: float32, shape: [2], data: [1, 1]}}\n"
        "  - name: float16\n    args: [{dtype: float16}, {ints: [1]}]\n"
        "    expect: {tensor: {dtype: float16, shape: [1], data: [1]}}\n"
    )
    results, baseline = tmp_path / "r.json", tmp_path / "b.yaml"
    run = ["run", "--spec", str(spec), "--adapter", "tests.fakes:NoFloat16", "--json", str(results)]
    assert main([*run, "-q"]) == 0
    assert main(["baseline", str(results), "-o", str(baseline)]) == 0
    gate = ["gate", "--baseline", str(baseline), str(results), "--strict", "--require-triage"]
    assert main([*gate, "--min-answered-pass-rate", "95%"]) == 0


def test_a_sharded_run_from_two_directories_gates_as_the_whole_run(tmp_path, monkeypatch):
    """Two checkouts, one shard each (one of them empty): merged, the same verdict."""
    text = (
        "op: zeros\ncases:\n  - name: one case\n    args: [{dtype: float32}, {ints: [1]}]\n"
        "    expect: {tensor: {dtype: float32, shape: [1], data: [0]}}\n"
    )
    shards = []
    for k, place in ((1, "checkout-a"), (2, "checkout-b")):
        root = tmp_path / place / "spec"
        root.mkdir(parents=True)
        (root / "zeros.yaml").write_text(text)
        monkeypatch.chdir(tmp_path / place)
        shards.append(tmp_path / f"shard{k}.json")
        assert (
            main(["run", "--spec", "spec", "--shard", f"{k}/2", "--json", str(shards[-1]), "-q"])
            == 0
        )
    assert sorted(len(json.loads(s.read_text())["results"]) for s in shards) == [0, 1]
    whole = tmp_path / "whole.json"
    assert main(["run", "--spec", "spec", "--json", str(whole), "-q"]) == 0
    assert main(["baseline", str(whole), "-o", str(tmp_path / "b.yaml")]) == 0
    verdicts = [
        main(["gate", "--baseline", str(tmp_path / "b.yaml"), *map(str, runs), "--strict"])
        for runs in ([whole], shards)
    ]
    assert verdicts == [0, 0]
