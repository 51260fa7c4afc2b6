"""The case-format contract (the first part of `spec/FORMAT.md`) honoured.

Every case file here uses only what the contract describes, as a backend author writing
from it alone would; each must run unchanged and mean what the contract says. They run on
the reference in process, and where the wire matters through the protocol too (a driver
with handles, and one without).
"""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from conformance.cases import load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases

PYTHON = sys.executable
IN_PROCESS = "reference"
WIRED = f"cmd:{PYTHON} -m adapters.driver reference"
ADAPTERS = [IN_PROCESS, WIRED]


def run(tmp_path: Path, text: str, adapter: str = IN_PROCESS) -> dict:
    (tmp_path / "cases.yaml").write_text(textwrap.dedent(text))
    spec = load_spec([tmp_path])
    assert spec.problems == [], [str(p) for p in spec.problems]
    return {r.id.split("/", 1)[1]: r for r in run_cases(spec.cases, adapter)}


def assert_pass(results: dict) -> None:
    bad = {name: r.message for name, r in results.items() if r.outcome is not Outcome.PASS}
    assert bad == {}


# --- ints is an OCaml int array: mutable ---------------------------------------------------

INTO = """\
namespace: shape
op: unravel_index_into
cases:
  - name: into an ints dst
    args: [{int: 5}, {ints: [2, 3]}, {ints: [0, 0]}]
    expect: {unit: null}
    mutates: {arg: 2, value: {ints: [1, 2]}}
  - name: into a list dst
    args: [{int: 5}, {ints: [2, 3]}, {list: [{int: 0}, {int: 0}]}]
    expect: {unit: null}
    mutates: {arg: 2, value: {ints: [1, 2]}}
  - name: broadcast_index_into an ints dst
    op: broadcast_index_into
    args: [{ints: [1, 2]}, {ints: [1, 3]}, {ints: [7, 7]}]
    expect: {unit: null}
    mutates: {arg: 2, value: {ints: [0, 2]}}
"""


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_an_ints_argument_is_a_mutable_int_array(tmp_path, adapter):
    assert_pass(run(tmp_path, INTO, adapter))


# --- What the checks and expressions can see -----------------------------------------------

SEEN = """\
op: to_string
cases:
  - name: len of a string result
    args: [{tensor: {dtype: int32, shape: [2], data: [1, 2]}}]
    properties:
      - {check: holds, expr: "len(out) > 0"}
      - {check: contains, text: "1"}
  - name: shape_is of a genarray result
    op: to_bigarray
    args: [{tensor: {dtype: float32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}}]
    properties:
      - {check: shape_is, shape: [2, 3]}
      - {check: dtype_is, dtype: float32}
      - {check: holds, expr: "sum(out) == 21 and out[1, 0] == 4"}
"""


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_len_measures_strings_and_shape_is_reads_a_genarray(tmp_path, adapter):
    assert_pass(run(tmp_path, SEEN, adapter))


def test_a_string_is_measured_in_bytes_like_ocamls_string_length():
    from conformance import expr

    assert expr.evaluate("len(out)", {"out": "é1"}) == 3


# --- Refs in expectations, and checks in order on the same live values ---------------------

REFS = """\
op: copy
cases:
  - name: a pipeline expects a ref
    args: [{tensor: {dtype: float32, shape: [2], data: [1.5, -2]}}]
    properties:
      - check: pipeline
        steps: [{op: copy, args: [{ref: out}]}]
        expect: {ref: out}
      - check: pipeline
        steps: [{op: copy, args: [{ref: arg0}]}]
        expect: {ref: arg0}
  - name: equals a ref
    args: [{tensor: {dtype: int32, shape: [3], data: [1, 2, 3]}}]
    properties:
      - {check: equals, value: {ref: arg0}}
  - name: expect a ref
    op: contiguous
    args: [{tensor: {dtype: int8, shape: [2], data: [7, 8]}}]
    expect: {ref: arg0}
  - name: a ref that differs fails
    op: neg
    args: [{tensor: {dtype: int32, shape: [1], data: [5]}}]
    properties:
      - {check: equals, value: {ref: arg0}}
  - name: an expected ref that differs fails
    op: neg
    args: [{tensor: {dtype: int32, shape: [1], data: [5]}}]
    expect: {ref: arg0}
"""


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_a_ref_inside_an_expectation_is_resolved(tmp_path, adapter):
    results = run(tmp_path, REFS, adapter)
    for name in ("a ref that differs fails", "an expected ref that differs fails"):
        failing = results.pop(name)
        assert failing.outcome is Outcome.FAIL
        assert "got -5, expected 5" in failing.message
    # A report shows the value the ref named, not the ref.
    assert failing.details["expected"] == {"tensor": {"dtype": "int32", "shape": [1], "data": [5]}}
    assert_pass(results)


LIVE = """\
namespace: shape
op: unravel_index_into
cases:
  - name: checks after a pipeline see what it wrote into arg2
    args: [{int: 5}, {ints: [2, 3]}, {ints: [0, 0]}]
    properties:
      - {check: item_is, of: arg2, index: [1], value: 2}
      - check: pipeline
        steps: [{op: unravel_index_into, args: [{int: 3}, {ints: [2, 3]}, {ref: arg2}]}]
        expect: {unit: null}
      - {check: item_is, of: arg2, index: [0], value: 1}
      - {check: item_is, of: arg2, index: [1], value: 0}
      - {check: equals, of: arg2, value: {ints: [1, 0]}}
      - {check: holds, expr: "arg2[0] == 1 and arg2[1] == 0"}
      - check: pipeline
        steps: [{op: unravel_index_into, args: [{int: 1}, {ints: [2, 3]}, {ref: arg2}]}]
        expect: {unit: null}
      - {check: equals, of: arg2, value: {ints: [0, 1]}}
  - name: a tensor written by fill in a pipeline
    namespace: nx
    op: where
    args:
      - {tensor: {dtype: uint8, shape: [2], data: [1, 0]}}
      - {tensor: {dtype: float32, shape: [2], data: [1, 2]}}
      - {tensor: {dtype: float32, shape: [2], data: [3, 4]}}
    properties:
      - {check: item_is, of: arg2, index: [0], value: 3.0}
      - check: pipeline
        steps: [{op: fill, args: [{float: 9.0}, {ref: arg2}]}]
        expect: {ref: arg2}
      - {check: item_is, of: arg2, index: [0], value: 9.0}
      - {check: equals, value: {tensor: {dtype: float32, shape: [2], data: [1, 4]}}}
      - check: pipeline
        steps: [{op: add, args: [{ref: arg1}, {ref: arg2}]}]
        expect: {tensor: {dtype: float32, shape: [2], data: [10, 11]}}
"""


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_properties_run_in_order_on_the_same_live_values(tmp_path, adapter):
    assert_pass(run(tmp_path, LIVE, adapter))


def test_a_driver_without_handles_sees_the_same_live_values(tmp_path):
    assert_pass(run(tmp_path, LIVE, f"cmd:{PYTHON} -m tests.drivers.no_handles"))


def test_a_ref_in_an_expectation_to_a_missing_argument_is_a_problem_of_the_file(tmp_path):
    (tmp_path / "cases.yaml").write_text(
        textwrap.dedent("""\
        op: copy
        cases:
          - name: no such argument
            args: [{tensor: {dtype: int32, shape: [1], data: [1]}}]
            properties:
              - {check: equals, value: {ref: arg1}}
          - name: prev outside a pipeline
            args: [{tensor: {dtype: int32, shape: [1], data: [1]}}]
            expect: {ref: prev}
        """)
    )
    problems = [str(p) for p in load_spec([tmp_path]).problems]
    assert problems == [
        f"{tmp_path / 'cases.yaml'}:6: case 'no such argument': properties[0].value: "
        "ref 'arg1': the case has 1 argument(s)",
        f"{tmp_path / 'cases.yaml'}:9: case 'prev outside a pipeline': expect: "
        "ref 'prev' names a pipeline step; there is none here",
    ]


# --- A required label the case omits -------------------------------------------------------

MISSING_LABEL = """\
op: split
cases:
  - name: no axis
    args: [{int: 2}, {tensor: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}}]
    properties:
      - {check: length_is, length: 2}
  - name: with axis
    args: [{int: 2}, {tensor: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}}]
    kwargs: {axis: {int: 0}}
    properties:
      - {check: length_is, length: 2}
      - check: pipeline
        steps:
          - op: one_hot
            args: [{tensor: {dtype: int32, shape: [1], data: [0]}}]
        expect: {unit: null}
  - name: in a call argument
    op: copy
    args:
      - {call: {op: take_along_axis, args: [{tensor: {dtype: int32, shape: [1], data: [0]}}, {tensor: {dtype: int32, shape: [1], data: [5]}}]}}
    expect: {tensor: {dtype: int32, shape: [1], data: [5]}}
"""


def test_a_case_that_omits_a_required_label_is_a_problem_of_the_case(tmp_path):
    (tmp_path / "cases.yaml").write_text(MISSING_LABEL)
    spec = load_spec([tmp_path])
    where = tmp_path / "cases.yaml"
    assert [str(p) for p in spec.problems] == [
        f"{where}:3: case 'no axis': kwargs: the case omits the required label ~axis of nx.split",
        f"{where}:14: case 'with axis': properties[1].steps[0].kwargs: "
        "the case omits the required label ~num_classes of nx.one_hot",
        f"{where}:20: case 'in a call argument': args[0].call.kwargs: "
        "the case omits the required label ~axis of nx.take_along_axis",
    ]
    assert spec.cases == []


def test_the_command_reports_the_omitted_label_not_a_crash(tmp_path, capsys):
    from conformance.cli import main

    (tmp_path / "cases.yaml").write_text(MISSING_LABEL)
    assert main(["run", "--spec", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "omits the required label ~axis of nx.split" in err
    assert "TypeError" not in err


# --- A Bigarray written as a tensor (the contract has no Bigarray tag) ---------------------

BIGARRAY_AS_TENSOR = """\
op: of_bigarray_ext
cases:
  - name: a bfloat16 Genarray
    args: [{tensor: {dtype: bfloat16, shape: [2, 2], data: [1.5, -2, 0.25, 3]}}]
    expect: {tensor: {dtype: bfloat16, shape: [2, 2], data: [1.5, -2, 0.25, 3]}}
    aliases: {arg: 0}
  - name: a standard kind through of_bigarray
    op: of_bigarray
    args: [{tensor: {dtype: int16, shape: [3], data: [1, -2, 3]}}]
    expect: {tensor: {dtype: int16, shape: [3], data: [1, -2, 3]}}
  - name: the genarray namespace reads it too
    namespace: genarray
    op: dims
    args: [{tensor: {dtype: float32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}}]
    expect: {ints: [2, 3]}
  - name: a write through the Genarray is seen in the tensor
    namespace: genarray
    op: set
    args:
      - {tensor: {dtype: float64, shape: [2], data: [1, 2]}}
      - {ints: [1]}
      - {float: 7.0}
    expect: {unit: null}
    mutates: {arg: 0, value: {tensor: {dtype: float64, shape: [2], data: [1, 7]}}}
"""


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_a_tensor_where_an_op_takes_a_bigarray_is_its_c_layout_bigarray(tmp_path, adapter):
    assert_pass(run(tmp_path, BIGARRAY_AS_TENSOR, adapter))
