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
