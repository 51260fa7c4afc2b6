"""The `nx-conformance` command: exit codes, files it writes, and its messages."""

from __future__ import annotations

import functools
import io
import json
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conformance import runner
from conformance.cli import main

PASSING = """\
op: zeros
section: creation
cases:
  - name: a
    source: doc-text
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 0]}}
  - name: b
    op: ones
    source: doc-text
    args: [{dtype: int32}, {ints: [1]}]
    expect: {tensor: {dtype: int32, shape: [1], data: [1]}}
  - name: not yet implemented
    op: frobnicate
    source: edge
    args: [{int: 1}]
    expect: {int: 1}
"""

FAILING = """\
op: zeros
section: creation
cases:
  - name: wrong
    source: edge
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 1]}}
"""

BROKEN = """\
op: zeros
section: creation
cases:
  - name: out of range
    source: edge
    args: [{dtype: int8}, {ints: [1]}]
    expect: {tensor: {dtype: int8, shape: [1], data: [300]}}
  - name: unknown dtype
    source: edge
    args: [{dtype: float31}, {ints: [1]}]
    expect: {tensor: {dtype: int8, shape: [1], data: [0]}}
  - name: fine
    source: edge
    args: [{dtype: int8}, {ints: [1]}]
    expect: {tensor: {dtype: int8, shape: [1], data: [0]}}
"""


@pytest.fixture
def spec(tmp_path):
    def make(**files: str):
        root = tmp_path / "spec"
        root.mkdir(exist_ok=True)
        for name, text in files.items():
            (root / f"{name}.yaml").write_text(textwrap.dedent(text))
        return root

    return make


def test_a_foreign_spec_runs_writes_json_and_unimplemented_ops_are_unsupported(
    spec, tmp_path, capsys
):
    root = spec(zeros=PASSING)
    out = tmp_path / "results.json"
    assert main(["run", "--spec", str(root), "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["format"] == "nx-conformance-results/1"
    assert data["adapter"]["name"] == "reference"
    assert data["summary"] == {
        "total": 3,
        "pass": 2,
        "fail": 0,
        "error": 0,
        "unsupported": 1,
        "skip": 0,
    }
    record = next(r for r in data["results"] if r["op"] == "frobnicate")
    assert record["outcome"] == "unsupported" and record["line"] == 13
    assert set(record) >= {
        "id",
        "namespace",
        "op",
        "section",
        "dtypes",
        "outcome",
        "message",
        "duration",
        "file",
        "line",
    }
    assert not (tmp_path / "results.json.partial").exists()
    assert "reference: 2 pass, 1 unsupported" in capsys.readouterr().out


def test_a_failing_case_exits_1_and_is_listed(spec, capsys):
    root = spec(zeros=FAILING)
    assert main(["run", "--spec", str(root)]) == 1
    out = capsys.readouterr().out
    assert "FAIL nx.zeros/wrong" in out and "at [1]: got 0.0, expected 1.0" in out


def test_a_broken_spec_exits_2_but_the_valid_cases_still_run(spec, capsys):
    root = spec(zeros=BROKEN)
    assert main(["run", "--spec", str(root)]) == 2
    captured = capsys.readouterr()
    assert "zeros.yaml:7: case 'out of range'" in captured.err
    assert "zeros.yaml:10: unknown dtype 'float31'" in captured.err
    assert "1 pass" in captured.out


def test_validate_reports_every_problem_and_counts_the_rest(spec, capsys):
    root = spec(zeros=BROKEN, other=PASSING.replace("op: zeros", "op: ones"))
    assert main(["validate", "--spec", str(root)]) == 2
    err = capsys.readouterr().err
    assert err.count("zeros.yaml:") == 2
    assert "4 cases in 2 files; 2 problem(s)" in err
    (root / "zeros.yaml").unlink()
    assert main(["validate", "--spec", str(root)]) == 0


def test_command_line_mistakes_exit_2(spec, capsys):
    root = spec(zeros=PASSING)
    assert main(["run", "--spec", str(root), "--adapter", "refrence"]) == 2
    assert "did you mean reference" in capsys.readouterr().err
    assert main(["run", "--spec", str(root), "--shard", "3/2"]) == 2
    assert main(["run", "--spec", str(root), "-j", "0"]) == 2
    with pytest.raises(SystemExit) as raised:
        main(["run", "--no-such-option"])
    assert raised.value.code == 2


def test_select_shard_junit_and_jobs(spec, tmp_path, capsys):
    root = spec(zeros=PASSING)
    junit = tmp_path / "junit.xml"
    assert (
        main(
            ["run", "--spec", str(root), "--select", "nx.ones/*", "--junit", str(junit), "-j", "2"]
        )
        == 0
    )
    tree = ET.parse(junit)
    assert [c.get("name") for c in tree.iter("testcase")] == ["nx.ones/b"]
    shards = []
    for k in (1, 2):
        out = tmp_path / f"shard{k}.json"
        main(["run", "--spec", str(root), "--shard", f"{k}/2", "--json", str(out)])
        shards.append({r["id"] for r in json.loads(out.read_text())["results"]})
    assert shards[0].isdisjoint(shards[1]) and len(shards[0] | shards[1]) == 3


def test_coverage_counts_functions_of_the_inventory(spec, capsys):
    root = spec(zeros=PASSING)
    assert main(["coverage", "--spec", str(root)]) == 0
    out = capsys.readouterr().out
    assert "nx: Array Creation" in out
    assert "functions without cases" in out


SCRIPT = Path(sys.executable).parent / "nx-conformance"


@pytest.mark.skipif(not SCRIPT.exists(), reason="console script not installed")
def test_the_console_script_is_installed(spec):
    root = spec(zeros=FAILING)
    done = subprocess.run(
        [str(SCRIPT), "run", "--spec", str(root), "-q"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    assert "reference: 1 fail" in done.stdout


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("stderr", "options", "drawn"),
    [(Terminal, [], True), (Terminal, ["-q"], False), (io.StringIO, [], False)],
)
def test_the_progress_line_is_drawn_on_a_terminal_unless_quiet(
    spec, monkeypatch, stderr, options, drawn
):
    root = spec(zeros=PASSING)
    monkeypatch.setattr(runner, "Progress", functools.partial(runner.Progress, after=0))
    monkeypatch.setattr(sys, "stderr", stderr())
    assert main(["run", "--spec", str(root), *options]) == 0
    shown = sys.stderr.getvalue()
    assert ("\r3/3 cases, 0 failed, 0 s\x1b[K" in shown) is drawn
    assert shown.endswith("\r\x1b[K") is drawn  # erased before the summary


def test_an_empty_shard_is_a_valid_shard_that_merges_and_gates_like_the_whole_run(tmp_path):
    root = tmp_path / "spec"
    root.mkdir()
    (root / "zeros.yaml").write_text(
        "op: zeros\ncases:\n"
        "  - name: one case\n"
        "    args: [{dtype: float32}, {ints: [1]}]\n"
        "    expect: {tensor: {dtype: float32, shape: [1], data: [0]}}\n"
    )
    shards = [tmp_path / f"shard{k}.json" for k in (1, 2)]
    codes = [
        main(["run", "--spec", str(root), "--shard", f"{k}/2", "--json", str(out), "-q"])
        for k, out in zip((1, 2), shards, strict=True)
    ]
    assert codes == [0, 0]
    sizes = sorted(len(json.loads(s.read_text())["results"]) for s in shards)
    assert sizes == [0, 1]  # one shard holds the case, the other nothing
    whole = tmp_path / "whole.json"
    assert main(["run", "--spec", str(root), "--json", str(whole), "-q"]) == 0
    assert main(["baseline", str(whole), "-o", str(tmp_path / "b.yaml")]) == 0
    assert main(["gate", "--baseline", str(tmp_path / "b.yaml"), *map(str, shards)]) == 0


def test_console_failure_lines_name_the_case_file_as_the_results_do(tmp_path, capsys, monkeypatch):
    """Run from another directory, a failure line still reads `spec/...:line`."""
    monkeypatch.chdir(tmp_path)
    assert main(["run", "--adapter", "numpy", "--select", "nx.div/int32 truncates toward zero"]) == 1
    out = capsys.readouterr().out
    assert "FAIL nx.div/int32 truncates toward zero (spec/nx/arithmetic/div.yaml:" in out


def test_the_module_docstring_lists_every_command_as_the_parser_has_it():
    """The synopsis in `conformance/cli/__init__.py` is generated from the parser: a command
    or an option added without it fails here (paste `cli.synopsis()` into the docstring)."""
    from conformance import cli

    assert cli.synopsis() in cli.__doc__
    lines = cli.synopsis().splitlines()
    listed = {line.split()[1] for line in lines if line.startswith("    nx-conformance ")}
    assert listed == {command.name for command in cli.COMMANDS}
