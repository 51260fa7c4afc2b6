"""The command as CI runs it, in a subprocess: a mistake is one line on stderr and a
documented exit status, never a traceback; a program that cannot run stops the run at
once and keeps what finished; a run never passes on nothing; Ctrl-C and a closed pipe end
it quietly."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYTHON = sys.executable
FAULTY = f"cmd:{PYTHON} -m tests.drivers.faulty"

CASES = """\
op: zeros
section: creation
cases:
  - name: a
    source: doc-text
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 0]}}
  - name: b
    source: doc-text
    args: [{dtype: int32}, {ints: [1]}]
    expect: {tensor: {dtype: int32, shape: [1], data: [0]}}
  - name: c
    op: ones
    source: doc-text
    args: [{dtype: int32}, {ints: [1]}]
    expect: {tensor: {dtype: int32, shape: [1], data: [1]}}
"""

WRONG = """\
  - name: wrong {n}
    source: edge
    args: [{{dtype: float32}}, {{ints: [2]}}]
    expect: {{tensor: {{dtype: float32, shape: [2], data: [0, {n}]}}}}
"""

HANGS = """\
  - name: hang {n}
    op: hang
    source: edge
    args: [{{int: 1}}]
    expect: {{int: 1}}
"""


def nxc(*args: str, **options) -> subprocess.CompletedProcess:
    """`nx-conformance ARGS` as a user runs it."""
    return subprocess.run(
        [PYTHON, "-m", "conformance.cli", *args],
        cwd=ROOT,
        capture_output="stdout" not in options,
        text=True,
        timeout=120,
        check=False,
        **options,
    )


@pytest.fixture
def spec(tmp_path) -> Path:
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "zeros.yaml").write_text(CASES)
    return tmp_path / "spec"


def one_line(stderr: str) -> str:
    assert "Traceback" not in stderr
    assert stderr.count("\n") == 1 and stderr.startswith("nx-conformance: "), stderr
    return stderr


# --- Mistakes: one line, exit 2, before any case runs ----------------------------------------


@pytest.mark.parametrize(
    ("options", "words"),
    [
        (["--adapter", "cmd:"], "cmd: names no program: write cmd:PROGRAM ARGS"),
        (["--adapter", 'cmd:node "x.js'], "No closing quotation"),
        (["--adapter", "os:system"], "'os:system' is not an adapter factory: it needs arguments"),
        (["--adapter", "json:JSONDecoder"], "returned JSONDecoder, not an adapters.base.Adapter"),
        (["--adapter", "refrence"], "did you mean reference"),
        (["--skip", "no-such-skips.txt"], "--skip no-such-skips.txt: No such file or directory"),
        (["--baseline", "no-such.yaml"], "--baseline no-such.yaml:"),
        (["--spec", "no/such/dir"], "--spec no/such/dir: no such file or directory"),
        (["--shard", "3/2"], "--shard 3/2: need 1 <= K <= N"),
        (["--select", "nx.zero"], "matches no case: did you mean 'nx.zeros/*'?"),
        (["--json", "."], "--json .: cannot be written"),
    ],
)
def test_a_mistake_is_one_line_and_exit_2(spec, options, words):
    done = nxc("run", "--spec", str(spec), *options)
    assert done.returncode == 2
    assert words in one_line(done.stderr)
    assert done.stdout == ""  # no case ran


def test_a_baseline_that_is_not_one_is_refused_before_the_run(spec, tmp_path):
    (tmp_path / "baseline.yaml").write_text("cases: [nx.zeros/a]\n")
    (tmp_path / "not-json.json").write_text("{")
    for name in ("baseline.yaml", "not-json.json"):
        done = nxc("run", "--spec", str(spec), "--baseline", str(tmp_path / name), "--html", "r")
        assert done.returncode == 2
        assert name in one_line(done.stderr)
        assert done.stdout == ""


def test_an_empty_spec_and_an_unknown_fuzz_op_exit_2(spec, tmp_path):
    (tmp_path / "empty").mkdir()
    done = nxc("run", "--spec", str(tmp_path / "empty"))
    assert done.returncode == 2 and "no cases in" in one_line(done.stderr)
    done = nxc("fuzz", "--spec", str(spec), "--adapter", "numpy", "--op", "zero", "--examples", "1")
    assert done.returncode == 2
    assert "--op zero: the spec has no such op (did you mean zeros" in one_line(done.stderr)


@pytest.mark.parametrize(
    "command",
    [
        ["run", "--bogus"],
        ["run", "--timeout", "0"],
        ["run", "--timeout", "-1"],
        ["run", "--start-timeout", "0"],
        ["run", "--timeout", "nan"],
        ["fuzz", "--adapter", "numpy", "--timeout", "0"],
        ["validate", "--bogus"],
        ["adapters", "--bogus"],
        ["gate", "results.json", "--bogus"],
        ["report", "results.json", "--bogus"],
    ],
)
def test_an_option_mistake_prints_the_usage_of_its_own_command(command):
    done = nxc(*command)
    assert done.returncode == 2
    assert done.stderr.startswith(f"usage: nx-conformance {command[0]} "), done.stderr
    assert f"nx-conformance {command[0]}: error: " in done.stderr
    assert "Traceback" not in done.stderr


def test_adapters_lists_the_forms_too():
    done = nxc("adapters")
    rows = done.stdout.splitlines()
    assert any(r.startswith("cmd:PROGRAM ARGS ") and "wire protocol" in r for r in rows)
    assert any(r.startswith("package.module:Factory ") and "no arguments" in r for r in rows)


# --- A program that cannot run stops the run --------------------------------------------------


def test_a_program_that_exits_before_its_hello_stops_the_run_with_one_message(spec, tmp_path):
    out = tmp_path / "results.json"
    done = nxc("run", "--spec", str(spec), "--adapter", f"{FAULTY} exit-at-start", "--json", out)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr == (
        f"nx-conformance: {FAULTY} exit-at-start cannot run cases: the program exited (status 7)"
        " while waiting for its hello line\n  its stderr ends with:\n    dying before hello\n"
    )
    assert not out.exists()  # nothing ran


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_program_crashing_on_every_case_stops_the_run_and_keeps_its_results(tmp_path, jobs):
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "zeros.yaml").write_text(CASES + "".join(WRONG.format(n=n) for n in range(20)))
    out, junit = tmp_path / "results.json", tmp_path / "junit.xml"
    done = nxc(
        "run", "--spec", str(spec), "--adapter", f"{FAULTY} crash-always", "--json", str(out),
        "--junit", str(junit), "--timeout", "5", "-j", jobs,
    )  # fmt: skip
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    *_, last = done.stderr.splitlines()
    assert last.startswith("nx-conformance: the run stopped after ")
    assert f"their results are in {out}" in last
    assert "crashed each time without answering a request" in done.stderr
    assert "\n    segmentation fault (planted)\n" in done.stderr
    document = json.loads(out.read_text())
    assert document["interrupted"] is True and "crashed each time" in document["stopped"]
    kept = document["results"]
    assert 5 <= len(kept) < 23 and {r["outcome"] for r in kept} == {"error"}
    assert len(list(ET.parse(junit).iter("testcase"))) == len(kept)
    assert out.with_name("results.json.partial").exists()


# --- Ctrl-C and closed pipes ----------------------------------------------------------------


def _hung_run(tmp_path, jobs: str) -> tuple[subprocess.Popen, Path]:
    """A run in a process group of its own (as a terminal's job is) whose first three cases
    finished and whose next ones hang in their driver: the process and its partial file."""
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "zeros.yaml").write_text(CASES + "".join(HANGS.format(n=n) for n in range(4)))
    out = tmp_path / "results.json"
    partial = out.with_name("results.json.partial")
    process = subprocess.Popen(
        [PYTHON, "-m", "conformance.cli", "run", "--spec", str(spec), "--json", str(out),
         "--adapter", FAULTY, "--timeout", "60", "-j", jobs],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while not (partial.exists() and partial.read_text().count("\n") >= 4):  # header + 3
        if time.monotonic() > deadline or process.poll() is not None:
            os.killpg(process.pid, signal.SIGKILL)
            raise AssertionError("the run did not reach its hanging cases")
        time.sleep(0.1)
    time.sleep(0.5)  # the hanging cases are sent
    return process, partial


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_exits_130_without_a_traceback(tmp_path, jobs):
    process, partial = _hung_run(tmp_path, jobs)
    try:
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the whole group
        _, stderr = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever is left of it
    assert process.returncode == 130
    assert stderr == f"nx-conformance: interrupted: 3 results kept in {partial}\n"


def closed_stdout(*args: str) -> subprocess.CompletedProcess:
    """`nx-conformance ARGS | head` where head has gone before the first write."""
    read, write = os.pipe()
    os.close(read)
    try:
        return nxc(*args, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)


def test_a_reader_that_goes_away_ends_run_and_gate_quietly(tmp_path):
    spec = tmp_path / "spec"
    spec.mkdir()
    (spec / "zeros.yaml").write_text(CASES + "".join(WRONG.format(n=n) for n in range(1, 60)))
    out = tmp_path / "results.json"
    done = closed_stdout("run", "-v", "--spec", str(spec), "--json", str(out))
    assert (done.returncode, done.stderr) == (141, "")
    (tmp_path / "baseline.yaml").write_text(
        "cases:\n" + "".join(f"  nx.zeros/wrong {n}: pass\n" for n in range(1, 60))
    )
    done = closed_stdout("gate", "--baseline", str(tmp_path / "baseline.yaml"), str(out))
    assert (done.returncode, done.stderr) == (141, "")


# --- Never pass on nothing; baselines -------------------------------------------------------


def test_skip_list_lines_that_match_nothing_are_warnings_and_the_run_goes_on(spec, tmp_path):
    skips = tmp_path / "skips.txt"
    skips.write_text("# known gaps\nnx.ones/* # fine\nnx.zeros/typo # renamed?\n")
    done = nxc("run", "--spec", str(spec), "--skip", str(skips), "-q")
    assert done.returncode == 0
    assert done.stderr == (f"{skips}:3: warning: skip-list glob 'nx.zeros/typo' matches no case\n")
    assert done.stdout.startswith("reference: 2 pass, 1 skip;")


def test_a_select_glob_that_matches_nothing_beside_others_is_a_warning(spec):
    done = nxc("run", "--spec", str(spec), "--select", "nx.ones/*", "--select", "nx.one", "-q")
    assert done.returncode == 0
    assert "warning: --select 'nx.one' matches no case: did you mean 'nx.ones/*'?" in done.stderr


def test_a_yaml_baseline_is_taken_by_run_and_report(spec, tmp_path):
    (tmp_path / "baseline.yaml").write_text(
        textwrap.dedent("""\
        adapter: reference
        cases:
          nx.zeros/a: pass
          nx.zeros/b: fail
          nx.zeros/gone: pass
        """)
    )
    out, html = tmp_path / "results.json", tmp_path / "report.html"
    baseline = str(tmp_path / "baseline.yaml")
    done = nxc(
        "run", "--spec", str(spec), "--baseline", baseline, "--json", str(out), "--html", html
    )
    assert done.returncode == 0, done.stderr
    assert "nx.zeros/gone" in html.read_text()  # the diff: it disappeared
    html.unlink()
    done = nxc("report", str(out), "--baseline", baseline, "--html", str(html))
    assert done.returncode == 0, done.stderr
    assert "nx.zeros/gone" in html.read_text()


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    "sent, status, said",
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
    ids=["SIGINT", "SIGTERM"],
)
def test_a_signal_to_the_runner_alone_leaves_no_orphan_and_no_traceback(
    tmp_path, jobs, sent, status, said
):
    """Sent to the runner's own pid (as `kill`, or a CI system cancelling a job), not to
    its whole group: the hung drivers end with it, the results so far are kept."""
    process, partial = _hung_run(tmp_path, jobs)
    try:
        process.send_signal(sent)  # the runner alone
        _, stderr = process.communicate(timeout=60)
        deadline = time.monotonic() + 10
        left = True
        while left and time.monotonic() < deadline:  # the group empties: no orphan
            try:
                os.killpg(process.pid, 0)
                time.sleep(0.1)
            except ProcessLookupError:
                left = False
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever is left of it
    assert not left, "a program the run started outlived it"
    assert process.returncode == status
    assert "Traceback" not in stderr
    assert stderr == f"nx-conformance: {said}: 3 results kept in {partial}\n"
