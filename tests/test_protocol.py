"""The cmd: adapter: one process across cases, and every kind of misbehaviour contained.

A driver with faults planted on named ops runs a spec where each faulty case sits
between healthy ones: every faulty case is an `error` whose message names what went
wrong, and every healthy case keeps its true outcome (the driver is restarted).
"""

from __future__ import annotations

import sys
import textwrap

import pytest

from adapters.protocol import STARTS_WITHOUT_ANSWER, CannotStart
from conformance.cases import load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases

PYTHON = sys.executable
FAULTY = f"cmd:{PYTHON} -m tests.drivers.faulty"
REFERENCE = f"cmd:{PYTHON} -m adapters.driver reference"

HEALTHY = """\
  - name: healthy {n}
    source: doc-text
    args: [{{dtype: int32}}, {{ints: [2]}}]
    expect: {{tensor: {{dtype: int32, shape: [2], data: [0, 0]}}}}
"""
FAULT = """\
  - name: {op}
    op: {op}
    source: edge
    args: [{{int: 1}}]
    expect: {{int: 1}}
"""
FAULTS = {
    "crash_mid_case": "exited (status 139)",
    "hang": "no reply within 1 s",
    "garbage": "not JSON: 'Warning: something happened'",
    "wrong_id": "the reply has id",
    "no_result": "needs result, error or unsupported",
    "bad_value": "unknown value tag 'tensr'",
}


def fault_spec(tmp_path):
    body = "".join(
        HEALTHY.format(n=0)
        + "".join(FAULT.format(op=op) + HEALTHY.format(n=i + 1) for i, op in enumerate(FAULTS))
    )
    (tmp_path / "faults.yaml").write_text("op: zeros\nsection: creation\ncases:\n" + body)
    spec = load_spec([tmp_path])
    assert spec.problems == []
    return spec.cases


def test_every_fault_is_an_error_of_its_case_only(tmp_path):
    results = {r.id.split("/", 1)[1]: r for r in run_cases(fault_spec(tmp_path), FAULTY, timeout=1)}
    for op, words in FAULTS.items():
        assert results[op].outcome is Outcome.ERROR, (op, results[op].message)
        assert words in results[op].message, (op, results[op].message)
    healthy = [r for name, r in results.items() if name.startswith("healthy")]
    assert len(healthy) == len(FAULTS) + 1
    assert all(r.outcome is Outcome.PASS for r in healthy), [r.message for r in healthy]


def test_each_fault_is_named_in_the_failure(tmp_path):
    results = {r.id.split("/", 1)[1]: r for r in run_cases(fault_spec(tmp_path), FAULTY, timeout=1)}
    kinds = {op: results[op].failure["kind"] for op in FAULTS}
    assert kinds == {
        "crash_mid_case": "exited",
        "hang": "timeout",
        "garbage": "malformed",
        "wrong_id": "malformed",
        "no_result": "malformed",
        "bad_value": "malformed",
    }
    assert '{"tensr": {' in results["bad_value"].message  # what the program replied


def test_the_crash_message_shows_the_programs_stderr(tmp_path):
    results = {r.id.split("/", 1)[1]: r for r in run_cases(fault_spec(tmp_path), FAULTY, timeout=1)}
    assert "segmentation fault (planted)" in results["crash_mid_case"].message


CANNOT_START = [  # (adapter, seconds to print the hello, words of the message)
    (f"{FAULTY} exit-at-start", 60, "exited (status 7) while waiting for its hello line"),
    (f"{FAULTY} bad-hello", 60, "its first line is not a hello: 'Hello there'"),
    (f"{FAULTY} odd-hello", 60, "its hello does not parse (dtypes must be a list of names)"),
    (f"{FAULTY} no-hello", 1, "no reply within 1 s while waiting for its hello line"),
    ("cmd:./no/such/driver", 60, "cannot execute './no/such/driver': No such file or directory"),
]


@pytest.mark.parametrize(("adapter", "start_timeout", "words"), CANNOT_START)
def test_a_program_that_cannot_start_stops_the_run_after_one_attempt(
    tmp_path, adapter, start_timeout, words
):
    with pytest.raises(CannotStart) as raised:
        list(run_cases(fault_spec(tmp_path), adapter, timeout=1, start_timeout=start_timeout))
    assert words in str(raised.value)
    assert str(raised.value).startswith(adapter + " cannot run cases: ")


def test_the_stop_message_shows_the_programs_stderr_as_text(tmp_path):
    (tmp_path / "driver.py").write_text(
        "import sys\nsys.stderr.write('Fatal error: \"libnx.so\" not found\\n  at init')\n"
        "sys.exit(2)\n"
    )
    with pytest.raises(CannotStart) as raised:
        list(run_cases(fault_spec(tmp_path), f"cmd:{PYTHON} {tmp_path / 'driver.py'}"))
    assert str(raised.value).endswith(
        'its stderr ends with:\n    Fatal error: "libnx.so" not found\n      at init'
    )


def test_a_program_that_crashes_on_every_case_stops_the_run_after_five_starts(tmp_path):
    results = []
    with pytest.raises(CannotStart) as raised:
        results.extend(run_cases(fault_spec(tmp_path), f"{FAULTY} crash-always", timeout=1))
    assert [r.outcome for r in results] == [Outcome.ERROR] * STARTS_WITHOUT_ANSWER
    assert "started 5 times in a row and crashed each time" in str(raised.value)
    assert "did not answer a probe" in str(raised.value)
    assert str(raised.value).endswith("its stderr ends with:\n    segmentation fault (planted)")


def test_a_program_that_crashes_on_many_cases_in_a_row_but_answers_a_probe_goes_on(tmp_path):
    """Inputs that crash a working program (an integer division by zero in each integer
    dtype) may come more than STARTS_WITHOUT_ANSWER in a row: each is its case's error."""
    crashes = "".join(
        FAULT.format(op="crash_mid_case").replace("name: crash_mid_case", f"name: crash {i}")
        for i in range(2 * STARTS_WITHOUT_ANSWER + 1)
    )
    (tmp_path / "crashes.yaml").write_text(
        "op: zeros\nsection: creation\ncases:\n" + crashes + HEALTHY.format(n=0)
    )
    spec = load_spec([tmp_path])
    results = list(run_cases(spec.cases, FAULTY, timeout=1))
    assert [r.outcome for r in results] == (
        [Outcome.ERROR] * (2 * STARTS_WITHOUT_ANSWER + 1) + [Outcome.PASS]
    )


def test_a_program_that_cannot_start_again_stops_the_run_with_the_results_so_far(tmp_path):
    results = []
    adapter = f"{FAULTY} start-once {tmp_path / 'started'}"
    with pytest.raises(CannotStart) as raised:
        results.extend(run_cases(fault_spec(tmp_path), adapter, timeout=1))
    assert [r.outcome for r in results] == [Outcome.PASS, Outcome.ERROR]  # then the restart
    assert "exists" in str(raised.value)


def test_with_workers_the_first_that_cannot_start_the_program_ends_the_run(tmp_path):
    adapter = f"{FAULTY} start-once {tmp_path / 'started'}"  # the second start fails
    with pytest.raises(CannotStart) as raised:
        list(run_cases(fault_spec(tmp_path), adapter, jobs=2, timeout=1))
    assert "cannot start again" in str(raised.value)


def test_the_reference_over_the_protocol_agrees_with_the_reference_in_process():
    from conformance.cases import bundled_spec

    cases = [c for c in load_spec([bundled_spec()]).cases if c.namespace == "nx"][:300]
    direct = {r.id: (r.outcome, r.message) for r in run_cases(cases, "reference")}
    wired = {r.id: (r.outcome, r.message) for r in run_cases(cases, REFERENCE)}
    assert wired == direct


def test_pipelines_and_identity_work_through_handles(tmp_path):
    (tmp_path / "mesh.yaml").write_text(
        textwrap.dedent("""\
        op: meshgrid
        section: creation
        cases:
          - name: components and refs
            source: doc-text
            args:
              - {tensor: {dtype: int32, shape: [2], data: [1, 2]}}
              - {tensor: {dtype: int32, shape: [3], data: [3, 4, 5]}}
            properties:
              - check: pipeline
                steps: [{op: shape, args: [{ref: out1}]}]
                expect: {ints: [3, 2]}
              - check: pipeline
                steps: [{op: is_c_contiguous, args: [{ref: out0}]}]
                expect: {bool: false}
        """)
    )
    [result] = run_cases(load_spec([tmp_path]).cases, REFERENCE)
    assert result.outcome is Outcome.PASS, result.message


def test_a_table_of_numpy_functions_becomes_a_driver(tmp_path):
    (tmp_path / "add.yaml").write_text(
        textwrap.dedent("""\
        op: add
        section: arithmetic
        cases:
          - name: float32
            source: doc-text
            args:
              - {tensor: {dtype: float32, shape: [2], data: [1.5, 2]}}
              - {tensor: {dtype: float32, shape: [2], data: [1, -2]}}
            expect: {tensor: {dtype: float32, shape: [2], data: [2.5, 0]}}
          - name: not in the table
            op: mul
            source: doc-text
            args:
              - {tensor: {dtype: float32, shape: [1], data: [1]}}
              - {tensor: {dtype: float32, shape: [1], data: [1]}}
            expect: {tensor: {dtype: float32, shape: [1], data: [1]}}
        """)
    )
    results = {
        r.id: r.outcome
        for r in run_cases(load_spec([tmp_path]).cases, f"cmd:{PYTHON} -m tests.drivers.table")
    }
    assert results == {
        "nx.add/float32": Outcome.PASS,
        "nx.mul/not in the table": Outcome.UNSUPPORTED,
    }


def test_a_backend_that_declares_no_views_is_not_judged_on_storage_sharing(tmp_path):
    """Its aliasing checks do not apply; the same backend undeclared fails them; and a case
    that only calls transpose to build its argument is not blamed on transpose."""
    import textwrap

    from conformance.cases import load_spec
    from conformance.execute import Outcome
    from conformance.runner import run_cases
    from reports import causes
    from reports.runs import run_of

    (tmp_path / "t.yaml").write_text(
        textwrap.dedent(
            """\
            op: transpose
            cases:
              - name: a view
                args: [{tensor: {dtype: int32, shape: [1, 2], data: [1, 2]}}]
                expect: {tensor: {dtype: int32, shape: [2, 1], data: [1, 2]}}
                aliases: {arg: 0}
            """
        )
    )
    spec = load_spec([tmp_path])
    [declared] = run_cases(spec.cases, "tests.fakes:CopiesDeclared")
    [undeclared] = run_cases(spec.cases, "tests.fakes:CopiesEverything")
    assert declared.outcome is Outcome.PASS
    assert undeclared.outcome is Outcome.FAIL and "aliases" in undeclared.message

    views_only = {"id": "nx.transpose/a view", "namespace": "nx", "op": "transpose",
                  "outcome": "fail", "dtypes": ["int32"], "failure": {"kind": "aliases"},
                  "message": "aliases: the result should share storage"}
    user = {"id": "nx.sum/of a transposed view", "namespace": "nx", "op": "sum",
            "outcome": "fail", "dtypes": ["int32"], "depends": ["nx.transpose"],
            "failure": {"kind": "values", "of": "int32", "elements": ["ordinary"]},
            "message": "values differ: 1 of 1 element(s) of int32 [] (compared exactly)"}
    found = causes.cluster(run_of({"adapter": {"name": "x"}}, [views_only, user]))
    assert all(c.relies_on is None for c in found.causes)  # not "relies on nx.transpose"


BIG_REPLY = """\
import json, sys
print(json.dumps({"hello": {"name": "big", "version": "1", "namespaces": ["nx"],
                            "dtypes": ["float32"], "handles": False}}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    body = json.dumps({"id": request["id"], "result": {"string": "x" * SIZE}})
    sys.stdout.write(body + "\\n")
    sys.stdout.flush()
"""


def _big_reply_adapter(tmp_path, size: int, timeout: float = 5.0):
    from adapters.protocol import ProtocolAdapter

    program = tmp_path / "big.py"
    program.write_text(BIG_REPLY.replace("SIZE", str(size)))
    return ProtocolAdapter(f"{sys.executable} {program}", timeout=timeout)


def test_a_large_reply_is_read_at_the_pipes_speed_not_taken_for_a_hang(tmp_path):
    from adapters.base import Request, Status

    adapter = _big_reply_adapter(tmp_path, 80_000_000)
    try:
        reply = adapter.call(Request("nx", "anything", (), {}))
    finally:
        adapter.close()
    assert reply.status is Status.RESULT, reply.message
    assert len(reply.value) == 80_000_000


def test_a_reply_past_the_limit_is_a_clear_error_naming_it(tmp_path, monkeypatch):
    from adapters import protocol
    from adapters.base import Request, Status

    monkeypatch.setattr(protocol, "MAX_LINE_BYTES", 4 * 2**20)
    adapter = _big_reply_adapter(tmp_path, 10_000_000)
    try:
        reply = adapter.call(Request("nx", "anything", (), {}))
    finally:
        adapter.close()
    assert reply.status is Status.CRASH
    assert "a line longer than 4 MiB (the protocol's limit)" in reply.message
