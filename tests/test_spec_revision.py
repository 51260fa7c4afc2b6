"""The spec a run names (`conformance/spec_revision.py`): the last commit that touched the
spec root, dirty only when the spec root itself differs from it; the digest of a revision
is the digest a run of it records; `validate --baseline` refuses a baseline taken on a
dirty spec, or whose digest is not its revision's."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
import yaml

from conformance import spec_revision
from conformance.cli import main

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

ZEROS = """\
op: zeros
section: creation
cases:
  - name: a
    source: doc-text
    basis: documentation
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 0]}}
"""


@pytest.fixture
def checkout(tmp_path):
    """A git checkout holding spec/zeros.yaml and README, each committed once."""
    (tmp_path / "spec").mkdir()
    (tmp_path / "spec" / "zeros.yaml").write_text(ZEROS)
    (tmp_path / "README").write_text("a project\n")
    git(tmp_path, "init", "-q")
    commit(tmp_path, "spec/zeros.yaml", "README")
    return tmp_path


def git(where, *args):
    return subprocess.run(
        ["git", "-C", str(where), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def commit(where, *paths):
    git(where, "add", *paths)
    git(where, "commit", "-q", "-m", "change")
    return git(where, "log", "-1", "--format=%h")


def test_the_revision_is_the_last_commit_that_touched_the_spec(checkout):
    root = checkout / "spec"
    spec_commit = git(checkout, "log", "-1", "--format=%h")
    (checkout / "README").write_text("a project, changed\n")
    assert commit(checkout, "README") != spec_commit
    assert spec_revision.revision(root) == spec_commit  # a later commit elsewhere
    (checkout / "README").write_text("uncommitted\n")
    (checkout / "notes.txt").write_text("untracked\n")
    assert spec_revision.revision(root) == spec_commit  # uncommitted work elsewhere
    (root / "ones.yaml").write_text(ZEROS.replace("zeros", "ones"))
    assert spec_revision.revision(root) == spec_commit + "-dirty"  # a new case file
    (root / "ones.yaml").unlink()
    (root / "zeros.yaml").write_text(ZEROS.replace("name: a", "name: b"))
    assert spec_revision.revision(root) == spec_commit + "-dirty"  # a changed case file


def test_outside_a_checkout_there_is_no_revision(tmp_path):
    (tmp_path / "zeros.yaml").write_text(ZEROS)
    assert spec_revision.revision(tmp_path) is None
    assert spec_revision.digest_at(tmp_path, "HEAD") is None


def test_a_run_records_the_revision_whose_digest_it_records(checkout):
    root = checkout / "spec"
    out = checkout / "results.json"
    assert main(["run", "--spec", str(root), "--json", str(out), "-q"]) == 0
    spec = json.loads(out.read_text())["spec"]
    assert spec["revision"] == git(checkout, "log", "-1", "--format=%h")
    assert spec_revision.digest_at(root, spec["revision"]) == spec["digest"]
    (root / "zeros.yaml").write_text(ZEROS.replace("name: a", "name: b"))
    assert spec_revision.digest_at(root, spec["revision"]) == spec["digest"]  # the committed


def baseline_of_a_run(checkout, capsys) -> tuple:
    root = checkout / "spec"
    out, baseline = checkout / "results.json", checkout / "baseline.yaml"
    assert main(["run", "--spec", str(root), "--json", str(out), "-q"]) == 0
    assert main(["baseline", str(out), "-o", str(baseline)]) == 0
    capsys.readouterr()
    return root, baseline


def validate(root, baseline, capsys) -> tuple[int, str]:
    status = main(["validate", "--spec", str(root), "--baseline", str(baseline)])
    return status, capsys.readouterr().err


def test_validate_accepts_a_baseline_of_the_committed_spec(checkout, capsys):
    root, baseline = baseline_of_a_run(checkout, capsys)
    assert validate(root, baseline, capsys)[0] == 0
    (root / "zeros.yaml").write_text(ZEROS.replace("name: a", "name: b"))
    assert validate(root, baseline, capsys)[0] == 0  # the spec it names is the committed one


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (
            lambda spec: {**spec, "revision": spec["revision"] + "-dirty"},
            "-dirty: taken on a spec with uncommitted changes",
        ),
        (lambda spec: {**spec, "digest": "0123456789abcdef"}, "spec digest 0123456789abcdef, but"),
        (lambda spec: {**spec, "revision": "fedcba9"}, "revision fedcba9 is not a commit"),
        (lambda spec: {}, "names no spec revision and digest"),
    ],
    ids=["dirty", "another digest", "unknown revision", "no spec"],
)
def test_validate_refuses_a_baseline_of_a_spec_it_does_not_name(checkout, capsys, change, problem):
    root, baseline = baseline_of_a_run(checkout, capsys)
    document = yaml.safe_load(baseline.read_text())
    document["spec"] = change(document["spec"])
    baseline.write_text(yaml.safe_dump(document, sort_keys=False))
    status, err = validate(root, baseline, capsys)
    assert status == 2
    assert f"{baseline}: spec" in err or f"{baseline}: names" in err
    assert problem in err


def test_a_baseline_taken_on_a_dirty_spec_says_so_when_validated(checkout, capsys):
    root = checkout / "spec"
    (root / "more.yaml").write_text(ZEROS.replace("name: a", "name: c"))
    root, baseline = baseline_of_a_run(checkout, capsys)
    assert yaml.safe_load(baseline.read_text())["spec"]["revision"].endswith("-dirty")
    status, err = validate(root, baseline, capsys)
    assert status == 2 and "taken on a spec with uncommitted changes" in err
