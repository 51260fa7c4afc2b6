"""What a `cmd:` program's answers mean (adapters/protocol.md, "Replies"): a value out of
range for its dtype is a wrong answer, a missing observation an error of the case, "-0" a
negative zero; none of them restarts a program that answered."""

from __future__ import annotations

import math
import sys
import textwrap

from adapters import codec
from conformance.cases import load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases

DRIVER = f"cmd:{sys.executable} -m tests.drivers.answers"

CASES = """\
op: zeros
cases:
  - name: 1 a healthy case
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 0]}}
  - name: 2 an element out of range
    op: out_of_range
    args: [{int: 1}]
    expect: {tensor: {dtype: int8, shape: [3], data: [1, 2, 3]}}
  - name: 3 an argument after the call out of range
    op: out_of_range_after
    args: [{tensor: {dtype: int4, shape: [2], data: [1, 2]}}]
    expect: {unit: null}
    mutates: {arg: 0, value: {tensor: {dtype: int4, shape: [2], data: [1, 2]}}}
  - name: 4 a missing observation
    op: no_observation
    args: [{tensor: {dtype: int32, shape: [1], data: [1]}}]
    expect: {unit: null}
    returns_arg: 0
  - name: 5 negative zero
    op: negative_zero
    args: [{int: 1}]
    expect: {tensor: {dtype: float32, shape: [2], data: [-0.0, 1.0]}}
    tol: exact
  - name: 6 the same process answered every case
    op: served
    args: [{int: 1}]
    expect: {int: 6}
"""


def run(tmp_path):
    (tmp_path / "cases.yaml").write_text(textwrap.dedent(CASES))
    spec = load_spec([tmp_path])
    assert spec.problems == []
    return {r.id.split("/", 1)[1][0]: r for r in run_cases(spec.cases, DRIVER, timeout=5)}


def test_answers_are_judged_and_the_program_that_answered_keeps_running(tmp_path):
    results = run(tmp_path)
    outcomes = {number: r.outcome for number, r in results.items()}
    assert outcomes == {
        "1": Outcome.PASS,
        "2": Outcome.FAIL,
        "3": Outcome.FAIL,
        "4": Outcome.ERROR,
        "5": Outcome.PASS,
        "6": Outcome.PASS,  # six requests, one process: nothing was restarted
    }, {n: r.message for n, r in results.items()}
    assert results["2"].message == (
        "the implementation answered a wrong value: "
        "result.tensor.data[2]: 300 is out of range for int8 [-128, 127]"
    )
    assert "args_after[0].tensor.data[1]: 9 is out of range for int4 [-8, 7]" in (
        results["3"].message
    )
    assert "the reply has no same_as_arg, which the request asked to observe" in (
        results["4"].message
    )
    assert "restarted" not in "".join(r.message for r in results.values())
    kinds = {n: r.failure["kind"] for n, r in results.items() if r.failure}
    assert kinds == {"2": "invalid-value", "3": "invalid-value", "4": "malformed"}


def test_negative_zero_may_be_written_as_a_string():
    value = codec.decode({"tensor": {"dtype": "float64", "shape": [2], "data": ["-0", 0.0]}})
    assert [math.copysign(1, x) for x in value.data] == [-1, 1]
    assert math.copysign(1, codec.decode({"float": "-0"})) == -1
    assert codec.decode({"complex": ["-0", 1]}) == complex(-0.0, 1)
