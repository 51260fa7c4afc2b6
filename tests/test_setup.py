"""`nx-conformance setup`: checked archives, progress, failures that leave nothing behind.

The real recipes (OCaml, dune, Nx) take minutes and run in CI through `.ci/run`; these
tests prove the machinery they rely on with small steps, and the command's answers to
wrong sources without building anything."""

from __future__ import annotations

import hashlib
import io
import json
import tarfile
from pathlib import Path

import pytest

from adapters.build import (
    MARKER,
    Builder,
    BuildFailed,
    SourcesError,
    Step,
    build_in_place,
    is_built,
    verified_archives,
)
from conformance.cli import main


def _archive(directory: Path, name: str, files: dict[str, str]) -> Path:
    path = directory / name
    with tarfile.open(path, "w:gz") as tar:
        for member, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(member)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def _sums(directory: Path, *names: str, corrupt: str | None = None) -> None:
    lines = []
    for name in names:
        digest = hashlib.sha256((directory / name).read_bytes()).hexdigest()
        if name == corrupt:
            digest = "0" * 64
        lines.append(f"{digest}  {name}")
    (directory / "SHA256SUMS").write_text("\n".join(lines) + "\n")


def test_archives_are_checked_against_their_sums(tmp_path):
    _archive(tmp_path, "a.tar.gz", {"a/x": "1"})
    _sums(tmp_path, "a.tar.gz")
    hashes = verified_archives(tmp_path, ["a.tar.gz"])
    assert hashes["a.tar.gz"] == hashlib.sha256((tmp_path / "a.tar.gz").read_bytes()).hexdigest()


@pytest.mark.parametrize(
    ("corrupt", "listed", "wanted", "message"),
    [
        ("a.tar.gz", ["a.tar.gz"], ["a.tar.gz"], "checksum mismatch"),
        (None, ["a.tar.gz"], ["b.tar.gz"], "b.tar.gz is missing"),
        (None, [], ["a.tar.gz"], "no line for a.tar.gz"),
    ],
)
def test_wrong_sources_are_refused_before_anything_is_built(
    tmp_path, corrupt, listed, wanted, message
):
    _archive(tmp_path, "a.tar.gz", {"a/x": "1"})
    _sums(tmp_path, *listed, corrupt=corrupt)
    with pytest.raises(SourcesError, match=message):
        verified_archives(tmp_path, wanted)


def test_a_directory_without_sums_is_refused(tmp_path):
    with pytest.raises(SourcesError, match="no SHA256SUMS"):
        verified_archives(tmp_path, ["a.tar.gz"])


def test_each_step_prints_progress_and_a_failure_shows_the_log_tail(tmp_path):
    lines: list[str] = []
    builder = Builder(tmp_path / "logs", {"PATH": "/usr/bin:/bin"}, lines.append)
    steps = [
        Step("first", ["sh", "-c", "echo fine"], tmp_path),
        Step("second", ["sh", "-c", "echo the compiler says no; exit 3"], tmp_path),
        Step("never", ["sh", "-c", "echo unreachable"], tmp_path),
    ]
    with pytest.raises(BuildFailed) as failure:
        builder.run(steps)
    assert "step 'second' failed (exit 3)" in str(failure.value)
    assert "the compiler says no" in str(failure.value)
    assert lines[0] == "[1/3] first ..."
    assert lines[1].startswith("[1/3] first: done in")
    assert lines[2] == "[2/3] second ..."
    assert not any("never" in line for line in lines)


def test_a_failed_build_leaves_nothing_that_looks_built(tmp_path):
    target = tmp_path / "toolchain"

    def failing(directory: Path) -> None:
        (directory / "bin").mkdir()
        raise BuildFailed("step 'make' failed")

    with pytest.raises(BuildFailed):
        build_in_place(target, failing, {})
    assert not target.exists()


def test_a_leftover_without_its_marker_is_rebuilt_and_a_finished_build_is_kept(tmp_path):
    target = tmp_path / "toolchain"
    target.mkdir()
    (target / "half-written").write_text("interrupted")
    calls = []

    def build(directory: Path) -> None:
        calls.append(directory)
        (directory / "bin").mkdir()

    assert build_in_place(target, build, {"recipe": 1}) is True
    assert not (target / "half-written").exists()
    assert is_built(target)
    assert json.loads((target / MARKER).read_text()) == {"recipe": 1}
    assert build_in_place(target, build, {"recipe": 1}) is False
    assert len(calls) == 1


def test_setup_command_answers_wrong_sources_with_one_line_and_exit_2(tmp_path, capsys):
    status = main(["setup", "ocaml-nx", "--sources", str(tmp_path)])
    err = capsys.readouterr().err
    assert status == 2
    assert "no SHA256SUMS" in err
    assert "Traceback" not in err


def test_setup_command_refuses_an_unknown_release(tmp_path, capsys):
    status = main(["setup", "ocaml-nx", "--sources", str(tmp_path), "--versions", "9.9"])
    assert status == 2
    assert "unknown Nx release" in capsys.readouterr().err
