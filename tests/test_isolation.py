"""Isolation (`--isolate`, protocol section 6): each case in a clean process.

A driver whose memory one case corrupts (`tests/drivers/fragile.py`: after `scribble`,
`zeros` dies of SIGSEGV and `ones` answers wrong values) changes the outcome of the cases
after it when it serves the run in one process; under `--isolate` it does not, whether
each case gets a fresh process or a child forked by the driver's fork server, and both
ways give each case the same outcome and the same failure signature. A child that dies
in the middle of its case is that case's crash; the server goes on.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from adapters import codec
from adapters import values as v
from adapters.base import AdapterError, Fault, Request, Status
from adapters.discovery import load_adapter
from adapters.protocol import STARTS_WITHOUT_ANSWER, CannotStart, ProtocolAdapter
from conformance.cases import load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases
from reports.signature import signature

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
FRAGILE = f"cmd:{PYTHON} -m tests.drivers.fragile"
FORKING = f"{FRAGILE} fork"

SPEC = """\
op: zeros
section: creation
cases:
  - name: before
    source: doc-text
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 0]}}
  - name: scribble
    op: scribble
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
  - name: after
    source: doc-text
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 0]}}
  - name: ones after
    op: ones
    source: doc-text
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [1, 1]}}
  - name: segv
    op: segv
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
  - name: scribble again
    op: scribble
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
  - name: die at release
    op: die_at_release
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
  - name: last
    source: doc-text
    args: [{dtype: int32}, {ints: [1]}]
    expect: {tensor: {dtype: int32, shape: [1], data: [0]}}
"""


@pytest.fixture(scope="module")
def cases(tmp_path_factory):
    root = tmp_path_factory.mktemp("fragile")
    (root / "fragile.yaml").write_text(SPEC)
    spec = load_spec([root])
    assert spec.problems == []
    return spec.cases


def outcomes(cases, adapter_name, **options):
    return {r.id.split("/", 1)[1]: r for r in run_cases(cases, adapter_name, **options)}


@pytest.fixture(scope="module")
def isolated(cases):
    """The spec's outcomes under each isolation: a process per case, and fork."""
    return {
        "process": outcomes(cases, FRAGILE, isolate=True),
        "fork": outcomes(cases, FORKING, isolate=True),
    }


def test_without_isolation_a_corrupted_process_changes_the_cases_after_it(cases):
    results = outcomes(cases, FORKING)
    assert results["after"].outcome is Outcome.ERROR  # zeros died of the scribble before it
    assert "exited (status -11)" in results["after"].message
    assert results["ones after"].outcome is Outcome.PASS  # restarted after the crash
    assert results["before"].outcome is Outcome.PASS


@pytest.mark.parametrize("way", ["process", "fork"])
def test_under_isolation_no_case_sees_what_another_did(isolated, way):
    results = isolated[way]
    crashed = {name for name, r in results.items() if r.outcome is not Outcome.PASS}
    assert crashed == {"segv"}, {n: results[n].message for n in crashed}
    assert results["segv"].outcome is Outcome.ERROR
    assert results["segv"].message.startswith(
        "the implementation crashed: the program exited (status -11) while waiting for the "
        "reply to request"
    )
    assert results["segv"].failure["kind"] == "exited"


def test_fork_and_a_process_per_case_give_each_case_the_same_outcome(isolated):
    forked, fresh = isolated["fork"], isolated["process"]
    assert forked.keys() == fresh.keys()
    for name in forked:
        assert forked[name].outcome is fresh[name].outcome, name
        assert signature(forked[name].message) == signature(fresh[name].message), name


INT32 = codec.decode({"dtype": "int32"}, ())
TWO, THREE = codec.decode({"ints": [2]}, ()), codec.decode({"ints": [3]}, ())


def request(op: str, *args, keep: bool = False) -> Request:
    return Request("nx", op, args, keep=keep)


@pytest.fixture
def server():
    adapter = ProtocolAdapter(FORKING[len("cmd:") :], isolate=True, timeout=5)
    assert adapter.describe()["isolation"] == "fork"
    yield adapter
    adapter.close()


def test_a_child_that_dies_mid_case_is_that_cases_crash_and_the_server_goes_on(server):
    pid = server._process.pid
    assert server.call(request("scribble", 1)).status is Status.RESULT
    server.end_case()
    reply = server.call(request("segv", 1))
    server.end_case()
    assert reply.status is Status.CRASH and reply.fault is Fault.EXITED
    assert "the program exited (status -11) while waiting for the reply" in reply.message
    assert server.call(request("die_at_release", 1)).status is Status.RESULT
    server.end_case()  # its child dies answering the release: nothing to report
    healthy = server.call(request("zeros", INT32, TWO))
    server.end_case()
    assert healthy.status is Status.RESULT, healthy.message
    assert healthy.value.data.tolist() == [0, 0]
    assert server._process.pid == pid  # one server throughout: never restarted


def test_live_values_live_within_their_case_only(server):
    first = server.call(request("zeros", INT32, THREE, keep=True))
    assert first.status is Status.RESULT and first.kept is not None
    again = server.call(request("neg", v.Handle(first.kept.result)))
    assert again.status is Status.RESULT, again.message
    assert again.value.data.tolist() == [0, 0, 0]
    server.end_case()
    later = server.call(request("neg", v.Handle(first.kept.result)))
    server.end_case()
    assert later.status is not Status.RESULT  # the value died with its case's child


def test_a_server_whose_every_case_crashes_stops_the_run(tmp_path):
    (tmp_path / "segv.yaml").write_text(
        "op: segv\nsection: creation\ncases:\n"
        + "".join(
            f"  - name: segv {n}\n    source: edge\n    args: [{{int: 1}}]\n    expect: {{int: 1}}\n"
            for n in range(STARTS_WITHOUT_ANSWER + 3)
        )
    )
    spec = load_spec([tmp_path])
    adapter = ProtocolAdapter(f"{PYTHON} -m tests.drivers.fragile fork segv-always", isolate=True)
    assert adapter.isolation == "fork"
    with pytest.raises(CannotStart, match="crashed 5 times in a row"):
        list(run_cases(spec.cases, "unused", adapter=adapter))
    adapter.close()


def test_isolate_is_for_adapters_that_run_a_program():
    with pytest.raises(AdapterError, match="--isolate runs each case in a process of its own"):
        load_adapter("reference", isolate=True)
    adapter = load_adapter(FORKING, isolate=True)
    try:
        assert adapter.describe()["isolation"] == "fork"
    finally:
        adapter.close()
    adapter = load_adapter(FRAGILE, isolate=True)
    try:
        assert adapter.describe()["isolation"] == "process"
    finally:
        adapter.close()


def test_run_isolate_on_the_command_line(tmp_path):
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "fragile.yaml").write_text(SPEC)
    runs = {}
    for name, extra in [("one", []), ("fork", ["--isolate"])]:
        out = tmp_path / f"{name}.json"
        done = subprocess.run(
            [PYTHON, "-m", "conformance.cli", "run", "--spec", str(tmp_path / "spec"),
             "--adapter", FORKING, "--json", str(out), "-q", "-j", "2", *extra],
            cwd=ROOT, capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert done.returncode == 1, done.stderr
        runs[name] = json.loads(out.read_text())
    assert runs["fork"]["adapter"]["isolation"] == "fork"
    assert runs["one"]["adapter"]["isolation"] is None
    failed = {
        name: {r["id"].split("/", 1)[1] for r in run["results"] if r["outcome"] != "pass"}
        for name, run in runs.items()
    }
    assert failed["fork"] == {"segv"}
    assert "after" in failed["one"]  # one process: the scribble reached a later case
    done = subprocess.run(
        [PYTHON, "-m", "conformance.cli", "run", "--spec", str(tmp_path / "spec"), "--isolate"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert "--isolate runs each case in a process of its own" in done.stderr
