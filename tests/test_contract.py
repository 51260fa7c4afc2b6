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
