"""The `numpy` adapter: NumPy in its own semantics, through the runner.

Where NumPy and the documented Nx behaviour agree the cases pass; where they differ
(integer division floors, `round` is half to even, comparisons give bool, no 63-bit wrap)
the cases fail: that is the adapter reporting NumPy honestly, not a bug to fix. The glue
(argument order, labels, dtype reporting, exception kinds, views) is checked case by case.
"""

from __future__ import annotations

import textwrap

import yaml

from adapters.numpy_adapter.adapter import NO_COUNTERPART, TABLE
from conformance.cases import bundled_spec, case_files, load_file, load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases

AGREE = """\
op: add
section: arithmetic
cases:
  - name: float32 add
    source: doc-text
    args:
      - {tensor: {dtype: float32, shape: [2], data: [1.5, 2]}}
      - {tensor: {dtype: float32, shape: [2], data: [0.25, -1]}}
    expect: {tensor: {dtype: float32, shape: [2], data: [1.75, 1]}}
  - name: the 63-bit int dtype is reported as int
    source: edge
    args:
      - {tensor: {dtype: int, shape: [2], data: [1, -2]}}
      - {tensor: {dtype: int, shape: [2], data: [3, 4]}}
    expect: {tensor: {dtype: int, shape: [2], data: [4, 2]}}
  - name: transpose is a view
    op: transpose
    source: doc-example
    args: [{tensor: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}}]
    expect: {tensor: {dtype: int32, shape: [3, 2], data: [1, 4, 2, 5, 3, 6]}}
    aliases: {arg: 0}
  - name: matmul
    op: matmul
    source: doc-text
    args:
      - {tensor: {dtype: float64, shape: [2, 2], data: [1, 2, 3, 4]}}
      - {tensor: {dtype: float64, shape: [2, 2], data: [5, 6, 7, 8]}}
    expect: {tensor: {dtype: float64, shape: [2, 2], data: [19, 22, 43, 50]}}
  - name: iadd writes into its target and returns it
    op: iadd
    source: doc-text
    args:
      - {tensor: {dtype: int32, shape: [2], data: [1, 2]}}
      - {tensor: {dtype: int32, shape: [2], data: [10, 20]}}
    expect: {tensor: {dtype: int32, shape: [2], data: [11, 22]}}
    returns_arg: 0
    mutates: {arg: 0, value: {tensor: {dtype: int32, shape: [2], data: [11, 22]}}}
  - name: reshape scalar arguments come first in Nx
    op: reshape
    source: doc-example
    args:
      - {ints: [3, -1]}
      - {tensor: {dtype: int32, shape: [6], data: [1, 2, 3, 4, 5, 6]}}
    expect: {tensor: {dtype: int32, shape: [3, 2], data: [1, 2, 3, 4, 5, 6]}}
  - name: a ValueError is Invalid_argument
    op: reshape
    source: error
    args:
      - {ints: [4]}
      - {tensor: {dtype: int32, shape: [3], data: [1, 2, 3]}}
    raises: {error: Invalid_argument}
  - name: a ZeroDivisionError is Division_by_zero
    op: arange
    source: error
    args: [{dtype: int32}, {int: 0}, {int: 5}, {int: 0}]
    raises: {error: Division_by_zero}
  - name: eye m is the row count
    op: eye
    source: doc-example
    args: [{dtype: int32}, {int: 3}]
    kwargs: {m: {int: 2}, k: {int: -1}}
    expect: {tensor: {dtype: int32, shape: [2, 3], data: [0, 0, 0, 1, 0, 0]}}
  - name: slice specs are a NumPy index expression
    op: slice
    source: doc-example
    args:
      - {index: [{R: [0, 2]}, {L: [0, 2]}]}
      - {tensor: {dtype: int32, shape: [3, 3], data: [1, 2, 3, 4, 5, 6, 7, 8, 9]}}
    expect: {tensor: {dtype: int32, shape: [2, 2], data: [1, 3, 4, 6]}}
  - name: item is an OCaml scalar
    op: item
    source: doc-text
    args:
      - {ints: [1, 0]}
      - {tensor: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}}
    expect: {int: 3}
  - name: NumPy's index results stay int64 from an int tensor
    op: argmax
    source: edge
    args: [{tensor: {dtype: int, shape: [3], data: [1, 5, 2]}}]
    properties:
      - {check: dtype_is, dtype: int64}
      - {check: item_is, index: [], value: 1}
"""

DIFFER = """\
op: div
section: arithmetic
cases:
  - name: integer division truncates toward zero
    source: doc-text
    args:
      - {tensor: {dtype: int32, shape: [2], data: [-7, 8]}}
      - {tensor: {dtype: int32, shape: [2], data: [2, 2]}}
    expect: {tensor: {dtype: int32, shape: [2], data: [-3, 4]}}
  - name: round is half away from zero
    op: round
    source: doc-text
    args: [{tensor: {dtype: float64, shape: [4], data: [0.5, 1.5, 2.5, -0.5]}}]
    expect: {tensor: {dtype: float64, shape: [4], data: [1, 2, 3, -1]}}
  - name: comparisons give uint8
    op: cmplt
    source: doc-text
    args:
      - {tensor: {dtype: float32, shape: [2], data: [1, 3]}}
      - {tensor: {dtype: float32, shape: [2], data: [2, 2]}}
    expect: {tensor: {dtype: uint8, shape: [2], data: [1, 0]}}
  - name: int wraps at 63 bits
    op: add
    source: doc-text
    args:
      - {tensor: {dtype: int, shape: [1], data: [4611686018427387903]}}
      - {tensor: {dtype: int, shape: [1], data: [1]}}
    expect: {tensor: {dtype: int, shape: [1], data: [-4611686018427387904]}}
  - name: sum keeps uint8
    op: sum
    source: doc-text
    args: [{tensor: {dtype: uint8, shape: [3], data: [1, 2, 3]}}]
    expect: {tensor: {dtype: uint8, shape: [], data: [6]}}
  - name: an out-of-range int scalar wraps
    op: full
    source: doc-text
    args: [{dtype: int8}, {ints: [1]}, {int: 300}]
    expect: {tensor: {dtype: int8, shape: [1], data: [44]}}
  - name: complex16 has no NumPy dtype
    op: add
    source: edge
    args:
      - {tensor: {dtype: complex16, shape: [1], data: [[1, 0]]}}
      - {tensor: {dtype: complex16, shape: [1], data: [[1, 0]]}}
    expect: {tensor: {dtype: complex16, shape: [1], data: [[2, 0]]}}
  - name: NumPy has no activation functions
    op: relu
    source: doc-text
    args: [{tensor: {dtype: float32, shape: [1], data: [-1]}}]
    expect: {tensor: {dtype: float32, shape: [1], data: [0]}}
  - name: NumPy's sort has no descending order
    op: sort
    source: doc-text
    kwargs: {descending: {bool: true}}
    args: [{tensor: {dtype: int32, shape: [2], data: [1, 2]}}]
    expect: {tuple: [{tensor: {dtype: int32, shape: [2], data: [2, 1]}},
                     {tensor: {dtype: int32, shape: [2], data: [1, 0]}}]}
  - name: the view namespace is not NumPy's
    namespace: view
    op: numel
    source: doc-text
    args: [{view: {shape: [2], strides: [1], offset: 0, mask: null}}]
    expect: {int: 2}
"""


def _run(tmp_path, text: str) -> dict:
    (tmp_path / "cases.yaml").write_text(textwrap.dedent(text))
    spec = load_spec([tmp_path])
    assert spec.problems == []
    return {r.id.split("/", 1)[1]: r for r in run_cases(spec.cases, "numpy")}


def test_where_numpy_agrees_with_nx_the_cases_pass(tmp_path):
    results = _run(tmp_path, AGREE)
    failed = {name: r.message for name, r in results.items() if r.outcome is not Outcome.PASS}
    assert failed == {}


def test_documented_differences_fail_and_unmapped_ops_are_unsupported(tmp_path):
    results = _run(tmp_path, DIFFER)
    got = {name: r.outcome for name, r in results.items()}
    assert got == {
        "integer division truncates toward zero": Outcome.FAIL,
        "round is half away from zero": Outcome.FAIL,
        "comparisons give uint8": Outcome.FAIL,
        "int wraps at 63 bits": Outcome.FAIL,
        "sum keeps uint8": Outcome.FAIL,
        "an out-of-range int scalar wraps": Outcome.ERROR,
        "complex16 has no NumPy dtype": Outcome.UNSUPPORTED,
        "NumPy has no activation functions": Outcome.UNSUPPORTED,
        "NumPy's sort has no descending order": Outcome.UNSUPPORTED,
        "the view namespace is not NumPy's": Outcome.UNSUPPORTED,
    }
    assert "got 4611686018427387904" in results["int wraps at 63 bits"].message
    assert "dtype differs: got bool, expected uint8" in results["comparisons give uint8"].message
    assert "NumPy uint64 array, which has no Nx dtype" in results["sum keeps uint8"].message
    assert "OverflowError" in results["an out-of-range int scalar wraps"].message
    assert "~descending" in results["NumPy's sort has no descending order"].message


def test_every_documented_nx_function_is_mapped_or_has_a_reason():
    inventory = yaml.safe_load((bundled_spec() / "API-INVENTORY.yaml").read_text())
    documented = {name for names in inventory["nx"].values() for name in names}
    assert documented - TABLE.keys() - NO_COUNTERPART.keys() == set()
    assert TABLE.keys() & NO_COUNTERPART.keys() == set()
    assert TABLE.keys() - documented == set()


# Exceptions that only a bug of the adapter's own glue would raise.
_GLUE_BUGS = ("AttributeError", "KeyError", "NameError", "UnboundLocalError", "AssertionError")


def test_a_sample_of_the_bundled_spec_runs_without_a_runner_crash():
    files = case_files([bundled_spec()])[::9]
    cases = [case for path in files for case in load_file(path)[0]]
    results = list(run_cases(cases, "numpy"))
    assert len(results) == len(cases) > 300
    assert {r.outcome for r in results} <= {
        Outcome.PASS, Outcome.FAIL, Outcome.ERROR, Outcome.UNSUPPORTED}
    assert {r.namespace for r in results} >= {"nx", "view", "shape"}
    assert [r.id for r in results if r.outcome is Outcome.ERROR
            and any(bug in r.message for bug in _GLUE_BUGS)] == []
    assert [r.id for r in results if "does not map" in r.message] == []
