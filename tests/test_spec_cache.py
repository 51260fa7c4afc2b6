"""The cache of validated case files: an unchanged file is not read again, a changed one
is, a corrupt entry is ignored, and a `--select` loads only the files it can match."""

from __future__ import annotations

import textwrap

import pytest

from conformance import cases as cases_module
from conformance import spec_cache
from conformance.cases import load_spec
from conformance.runner import run_cases

DIV = """\
op: div
section: arithmetic
cases:
  - name: int32 truncates toward zero
    args:
      - {tensor: {dtype: int32, shape: [2], data: [-7, 8]}}
      - {tensor: {dtype: int32, shape: [2], data: [2, 2]}}
    expect: {tensor: {dtype: int32, shape: [2], data: [-3, 4]}}
  - name: wrong on purpose
    args:
      - {tensor: {dtype: float32, shape: [1], data: [1]}}
      - {tensor: {dtype: float32, shape: [1], data: [4]}}
    properties:
      - {check: holds, expr: "out[0] == 0.5"}
"""
MUL = """\
op: mul
section: arithmetic
cases:
  - name: int8 wraps
    args:
      - {tensor: {dtype: int8, shape: [1], data: [100]}}
      - {tensor: {dtype: int8, shape: [1], data: [2]}}
    expect: {tensor: {dtype: int8, shape: [1], data: [-56]}}
  - name: a division written in the mul file
    op: div
    args:
      - {tensor: {dtype: int32, shape: [1], data: [9]}}
      - {tensor: {dtype: int32, shape: [1], data: [2]}}
    expect: {tensor: {dtype: int32, shape: [1], data: [4]}}
"""
ADD = """\
op: add
section: arithmetic
cases:
  - name: float32
    args:
      - {tensor: {dtype: float32, shape: [1], data: [1]}}
      - {tensor: {dtype: float32, shape: [1], data: [2]}}
    expect: {tensor: {dtype: float32, shape: [1], data: [3]}}
"""


@pytest.fixture
def cache_home(tmp_path, monkeypatch):
    home = tmp_path / "cache"
    monkeypatch.setenv("XDG_CACHE_HOME", str(home))
    monkeypatch.delenv("NX_CONFORMANCE_NO_CACHE", raising=False)
    return home


@pytest.fixture
def spec(tmp_path):
    root = tmp_path / "spec"
    root.mkdir()
    for name, text in (("div", DIV), ("mul", MUL), ("add", ADD)):
        (root / f"{name}.yaml").write_text(textwrap.dedent(text))
    return root


@pytest.fixture
def reads(monkeypatch):
    """The files read and validated (not taken from the cache), by name."""
    seen: list[str] = []
    read = cases_module._read_file

    def counting(content, shown):
        seen.append(shown.rsplit("/", 1)[-1])
        return read(content, shown)

    monkeypatch.setattr(cases_module, "_read_file", counting)
    return seen


def outcomes(loaded):
    return {r.id: (r.outcome, r.message) for r in run_cases(loaded.cases, "reference")}


def test_an_unchanged_file_comes_from_the_cache_and_means_the_same(cache_home, spec, reads):
    first = load_spec([spec])
    assert sorted(reads) == ["add.yaml", "div.yaml", "mul.yaml"]
    assert len(list(spec_cache.directory().glob("*.pickle"))) == 3
    assert spec_cache.directory().is_relative_to(cache_home / "nx-conformance" / "spec")
    second = load_spec([spec])
    assert sorted(reads) == ["add.yaml", "div.yaml", "mul.yaml"]  # nothing read again
    assert [c.id for c in second.cases] == [c.id for c in first.cases]
    assert [(c.file, c.line) for c in second.cases] == [(c.file, c.line) for c in first.cases]
    assert outcomes(second) == outcomes(first)


def test_a_changed_file_is_validated_again(cache_home, spec, reads):
    assert outcomes(load_spec([spec]))["nx.add/float32"][0].value == "pass"
    (spec / "add.yaml").write_text(textwrap.dedent(ADD).replace("data: [3]", "data: [4]"))
    again = load_spec([spec])
    assert reads[3:] == ["add.yaml"]
    assert outcomes(again)["nx.add/float32"][0].value == "fail"


def test_problems_are_kept_with_the_file(cache_home, spec, reads):
    (spec / "add.yaml").write_text("op: add\ncases:\n  - name: x\n    expect: {integer: 1}\n")
    first = [str(p) for p in load_spec([spec]).problems]
    second = [str(p) for p in load_spec([spec]).problems]
    assert first == second != []
    assert reads.count("add.yaml") == 1


def test_a_corrupt_entry_is_ignored_and_written_again(cache_home, spec, reads):
    first = load_spec([spec])
    entries = sorted(spec_cache.directory().glob("*.pickle"))
    for number, entry in enumerate(entries):
        entry.write_bytes(b"" if number == 0 else entry.read_bytes()[:40] + b"garbage")
    again = load_spec([spec])
    assert [c.id for c in again.cases] == [c.id for c in first.cases]
    assert len(reads) == 6  # every file read again
    load_spec([spec])
    assert len(reads) == 6  # and its entry written again


def test_the_cache_can_be_turned_off(cache_home, spec, reads, monkeypatch):
    monkeypatch.setenv("NX_CONFORMANCE_NO_CACHE", "1")
    load_spec([spec])
    load_spec([spec])
    assert len(reads) == 6
    assert not (cache_home / "nx-conformance" / "spec").exists()


def test_select_loads_only_the_files_whose_cases_it_can_match(cache_home, spec, monkeypatch):
    load_spec([spec])
    loaded: list[str] = []
    load = spec_cache.load

    def counting(shown, content):
        loaded.append(shown.rsplit("/", 1)[-1])
        return load(shown, content)

    monkeypatch.setattr(spec_cache, "load", counting)
    selected = load_spec([spec], select=["nx.div/*"])
    # add.yaml holds no nx.div case; mul.yaml does (a case overrides the file's op).
    assert sorted(loaded) == ["div.yaml", "mul.yaml"]
    assert {c.id for c in selected.cases} >= {
        "nx.div/int32 truncates toward zero",
        "nx.div/a division written in the mul file",
    }
    assert len(selected.files) == 3  # the spec's identity still covers every file
    assert selected.unselected_ids == ["nx.add/float32"]  # for near names


def test_select_on_a_first_run_reads_every_file(cache_home, spec, reads):
    selected = load_spec([spec], select=["nx.add/*"])
    assert sorted(reads) == ["add.yaml", "div.yaml", "mul.yaml"]
    assert "nx.add/float32" in {c.id for c in selected.cases}


def test_select_always_loads_a_file_with_problems(cache_home, spec):
    (spec / "add.yaml").write_text("op: add\ncases:\n  - name: x\n    expect: {integer: 1}\n")
    load_spec([spec])
    selected = load_spec([spec], select=["nx.div/*"])
    assert len(selected.problems) == 1
    assert "unknown value tag 'integer'" in selected.problems[0].message


def test_old_program_directories_are_removed(cache_home, spec):
    root = cache_home / "nx-conformance" / "spec"
    for number in range(spec_cache.KEEP + 3):
        (root / f"old{number:02}").mkdir(parents=True)
    load_spec([spec])
    kept = sorted(d.name for d in root.iterdir())
    assert len(kept) == spec_cache.KEEP
    assert spec_cache.directory().name in kept


def test_a_glob_that_matches_nothing_still_hears_of_every_case(cache_home, spec, capsys):
    from conformance.cli import main

    load_spec([spec])
    assert main(["run", "--spec", str(spec), "--select", "nx.ad/*"]) == 2
    assert "did you mean 'nx.add/*'" in capsys.readouterr().err
    assert main(["run", "-q", "--spec", str(spec), "--select", "nx.add/*"]) == 0
    assert "1 pass" in capsys.readouterr().out
