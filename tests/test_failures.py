"""What went wrong, as data: the comparator and the judge name the kind of each failure
(and the kinds of the differing elements), result records carry it with the case's
readings, errata and the ops it relies on, and paths in results name no machine's
directories."""

from __future__ import annotations

import json
import math
import textwrap

import pytest

from adapters import codec
from adapters import values as v
from adapters.base import Fault, Reply, Status
from conformance.cases import Raises, Tol
from conformance.cli import main
from conformance.compare import mismatch
from conformance.execute import crashed, judge_raised
from conformance.failures import Element, Kind
from conformance.results import CaseResult
from reference.errors import ErrorKind

NAN, INF = math.nan, math.inf


def t(dtype, data, shape=None):
    return codec.tensor(dtype, [len(data)] if shape is None else shape, data)


@pytest.mark.parametrize(
    ("expected", "got", "kind", "facts"),
    [
        (t("int32", [1]), t("int64", [1]), Kind.DTYPE, {"got": "int64", "expected": "int32"}),
        (t("int32", [1, 2]), t("int32", [1, 2], [1, 2]), Kind.SHAPE, {"rank": "other rank"}),
        (t("int32", [1, 2], [2, 1]), t("int32", [1, 2], [1, 2]), Kind.SHAPE, {"rank": "same rank"}),
        (t("int32", [1]), True, Kind.TYPE, {"got": "bool", "expected": "tensor"}),
        (v.Ints((1, 2)), v.Ints((1,)), Kind.LENGTH, {}),
        (3, 4, Kind.VALUES, {"of": "int", "elements": ["ordinary"]}),
        (3, 3.0, Kind.TYPE, {"got": "float", "expected": "int"}),
        ("text", "other", Kind.VALUES, {"of": "string", "elements": ["ordinary"]}),
    ],
)
def test_a_mismatch_names_what_differed(expected, got, kind, facts):
    found = mismatch(expected, got)
    assert found.kind is kind
    assert {k: found.to_json()[k] for k in facts} == facts
    assert found.message  # the words are the comparator's usual message


@pytest.mark.parametrize(
    ("dtype", "expected", "got", "tol", "elements"),
    [
        ("float32", [NAN, 1.0], [1.0, 1.0], None, [Element.NAN]),
        ("float64", [0.0, 2.0], [-0.0, 2.0], Tol(exact=True), [Element.SIGNED_ZERO]),
        ("float32", [INF, 1.0], [3e38, 1.0], None, [Element.INFINITY]),
        ("int8", [127, 5], [-128, 5], None, [Element.EXTREME]),
        ("uint8", [3, 5], [4, 6], None, [Element.ORDINARY]),
        ("float16", [65504.0, 1.0], [1.0, 2.0], None, [Element.EXTREME, Element.ORDINARY]),
        ("float32", [1e-40, 1.0], [0.0, 1.0], Tol(exact=True), [Element.EXTREME]),
        ("complex32", [[1.0, NAN]], [[1.0, 0.0]], None, [Element.NAN]),
    ],
)
def test_the_kinds_of_the_differing_elements_are_named(dtype, expected, got, tol, elements):
    found = mismatch(t(dtype, expected), t(dtype, got), tol)
    assert found.kind is Kind.VALUES
    assert found.facts["of"] == dtype
    assert found.facts["elements"] == elements


def test_elements_within_tolerance_are_not_counted():
    found = mismatch(t("float32", [1.0, NAN]), t("float32", [1.0 + 1e-7, 0.0]))
    assert found.facts["elements"] == [Element.NAN]


@pytest.mark.parametrize(
    ("reply", "raises", "kind"),
    [
        (Reply(Status.ERROR, error="Invalid_argument"), None, Kind.RAISED),
        (Reply(Status.ERROR, error="ValueError"), None, Kind.UNDOCUMENTED_ERROR),
        (Reply(Status.ERROR, error="Failure"), "Invalid_argument", Kind.WRONG_ERROR),
        (Reply(Status.ERROR, error="Invalid_argument", message="x"), "match", Kind.ERROR_MESSAGE),
    ],
)
def test_errors_are_told_apart(reply, raises, kind):
    wanted = None
    if raises == "match":
        wanted = Raises((ErrorKind.INVALID_ARGUMENT,), "nothing like it")
    elif raises:
        wanted = Raises((ErrorKind(raises),), None)
    verdict = judge_raised(wanted, reply, what="the call")
    assert verdict.failure.kind is kind
    assert verdict.failure.message == verdict.message


@pytest.mark.parametrize(
    ("fault", "kind"),
    [
        (Fault.EXCEPTION, Kind.CRASH),
        (Fault.EXITED, Kind.EXITED),
        (Fault.TIMEOUT, Kind.TIMEOUT),
        (Fault.MALFORMED, Kind.MALFORMED),
    ],
)
def test_crashes_say_how_the_call_went_wrong(fault, kind):
    found = crashed(Reply.crash("OverflowError: 300 is too big", fault))
    assert found.kind is kind
    assert found.facts.get("exception") == ("OverflowError" if kind is Kind.CRASH else None)


SPEC = """\
op: zeros
section: creation
meta: {readings: [R3]}
cases:
  - name: documented
    source: doc-example
    meta: {examples: ["nx.txt:150"], readings: [R7], errata: [nx.arange]}
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 1]}}
  - name: a pipeline
    source: edge
    args: [{dtype: int32}, {ints: [2]}]
    properties:
      - check: pipeline
        steps: [{op: add, args: [{ref: out}, {call: {op: ones, args: [{dtype: int32}, {ints: [2]}]}}]}]
        expect: {tensor: {dtype: int32, shape: [2], data: [1, 1]}}
"""


def test_result_records_carry_the_failure_the_meta_and_the_ops_relied_on(tmp_path):
    spec = tmp_path / "cases"
    spec.mkdir()
    (spec / "zeros.yaml").write_text(textwrap.dedent(SPEC))
    out = tmp_path / "results.json"
    main(["run", "--spec", str(spec), "--json", str(out), "-q"])
    document = json.loads(out.read_text())
    records = {r["id"]: r for r in document["results"]}
    documented = records["nx.zeros/documented"]
    assert documented["failure"] == {"kind": "values", "of": "int32", "elements": ["ordinary"]}
    assert documented["readings"] == ["R3", "R7"]  # the file's, then the case's own
    assert documented["errata"] == ["nx.arange"]
    assert records["nx.zeros/a pipeline"]["readings"] == ["R3"]
    assert documented["examples"] == ["nx.txt:150"]
    assert records["nx.zeros/a pipeline"]["depends"] == ["nx.add", "nx.ones"]
    assert "failure" not in records["nx.zeros/a pipeline"]  # it passes
    # Paths relative to the spec root's parent; no directory of this machine anywhere.
    assert documented["file"] == "cases/zeros.yaml"
    assert document["spec"]["roots"] == ["cases"]
    assert str(tmp_path) not in out.read_text()


def test_records_of_older_result_files_still_load():
    old = {
        "id": "nx.add/x", "namespace": "nx", "op": "add", "section": "arithmetic",
        "source": "edge", "dtypes": ["int32"], "outcome": "fail", "message": "m",
        "duration": 0.1, "file": "/somewhere/spec/nx/add.yaml", "line": 3,
    }  # fmt: skip
    result = CaseResult.from_json(old)
    assert result.readings == () and result.failure is None
    assert result.to_json()["file"] == "/somewhere/spec/nx/add.yaml"
