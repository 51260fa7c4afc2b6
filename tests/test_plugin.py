"""The pytest plugin: case files collect as items named by case id, under -k, xdist and adapters."""

from __future__ import annotations

import textwrap

CASES = """\
op: zeros
section: creation
cases:
  - name: passes
    source: doc-text
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 0]}}
  - name: fails
    source: edge
    args: [{dtype: int8}, {ints: [2]}]
    expect: {tensor: {dtype: int8, shape: [2], data: [0, 7]}}
  - name: unsupported
    op: not_an_op
    source: edge
    args: []
    expect: {int: 1}
"""

BROKEN = """\
op: zeros
cases:
  - name: out of range
    args: []
    expect: {tensor: {dtype: int8, shape: [1], data: [300]}}
"""


def make_spec(pytester):
    spec = pytester.mkdir("spec")
    (spec / "zeros.yaml").write_text(textwrap.dedent(CASES))
    (spec / "not-cases.yaml").write_text("just: data\n")
    return spec


def test_each_case_is_an_item_named_by_its_id(pytester):
    make_spec(pytester)
    result = pytester.runpytest("spec", "--collect-only", "-q")
    result.stdout.fnmatch_lines(
        [
            "spec/zeros.yaml::nx.zeros/passes",
            "spec/zeros.yaml::nx.zeros/fails",
            "spec/zeros.yaml::nx.not_an_op/unsupported",
            "*3 tests collected*",
        ]
    )


def test_outcomes_map_to_pass_fail_and_skip_with_the_runner_message(pytester):
    make_spec(pytester)
    result = pytester.runpytest("spec", "-rs")
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines(
        [
            "*FAIL nx.zeros/fails (spec/zeros.yaml:8)*",
            "*at ?1?: got 0, expected 7*",
            "*spec/zeros.yaml:12: unsupported: the reference has no op*",
        ]
    )


def test_k_selects_by_case_id_words(pytester):
    make_spec(pytester)
    pytester.runpytest("spec", "-k", "passes").assert_outcomes(passed=1, deselected=2)


def test_adapter_option_switches_the_implementation(pytester):
    make_spec(pytester)
    result = pytester.runpytest("spec", "--nx-adapter", "tests.fakes:RaisesPythonError")
    result.assert_outcomes(failed=2, skipped=1)
    result.stdout.fnmatch_lines(["*ERROR nx.zeros/passes*", "*ZeroDivisionError*"])


def test_a_broken_file_fails_as_an_item_with_path_and_line(pytester):
    spec = make_spec(pytester)
    (spec / "broken.yaml").write_text(BROKEN)
    result = pytester.runpytest("spec")
    result.assert_outcomes(passed=1, failed=2, skipped=1)
    result.stdout.fnmatch_lines(
        ["*spec/broken.yaml:5: case 'out of range'*300 is out of range for int8*"]
    )


def test_runs_under_xdist(pytester):
    make_spec(pytester)
    result = pytester.runpytest_subprocess("spec", "-n", "2", "-p", "xdist")
    result.assert_outcomes(passed=1, failed=1, skipped=1)


def test_an_implementation_that_cannot_run_fails_one_item_and_stops_the_session(pytester):
    make_spec(pytester)
    result = pytester.runpytest("spec", "--nx-adapter", "cmd:./no/such/driver")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "nx-conformance: cmd:./no/such/driver cannot run cases: cannot execute*",
            "*Interrupted: nx-conformance: cmd:./no/such/driver cannot run cases*",
        ]
    )
    assert "Traceback" not in result.stdout.str()
