"""Which spec a run used: the revision of the spec as committed, and a digest of its files.

Every results file records both (`runner.spec_identity`), and a baseline keeps them
(`reports/baseline.py`):

- `revision`: the abbreviated hash of the last commit that touched the spec's root
  (`spec/` for the bundled spec), with `-dirty` when a file under that root differs from
  it (modified, deleted, or new and not ignored). Uncommitted work elsewhere in the
  checkout leaves the spec clean. None outside a git checkout.
- `digest`: SHA-256 (its first 16 hex digits) over each case file's path relative to its
  root and its bytes. It is of what the spec is, not of where it was read from: the same
  spec read from two checkouts, two machines or two working directories has one digest,
  so that their shards merge.

A committed baseline names a clean revision whose spec has the baseline's digest
(`baseline_problems`), so that anyone can check out the spec it was taken of. The digest of
a revision is computed as a run computes it, over the case files of `git archive` of the
root at that revision.
"""

from __future__ import annotations

import hashlib
import io
import subprocess
import tarfile
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from conformance.cases import case_files

DIRTY = "-dirty"


def digest(roots: Sequence[str], files: Sequence[str]) -> str:
    """The digest of the case files `files` read under the spec roots `roots`."""
    resolved = [Path(root).resolve() for root in roots]
    named = sorted((_spec_name(Path(name), resolved), name) for name in files)
    hashed = hashlib.sha256()
    for relative, name in named:
        hashed.update(relative.encode() + b"\0")
        try:
            hashed.update(Path(name).read_bytes())
        except OSError:
            continue
    return hashed.hexdigest()[:16]


def _spec_name(path: Path, roots: list[Path]) -> str:
    """A case file's name within its spec root (its own name when under none)."""
    full = path.resolve()
    for root in roots:
        target = root if root.is_dir() else root.parent
        if full.is_relative_to(target):
            return full.relative_to(target).as_posix()
    return full.name


def revision(root: Path) -> str | None:
    """The last commit that touched `root` (a directory or one file), `-dirty` when `root`
    differs from it; None when `root` is not in a git checkout or no commit holds it."""
    directory, pathspec = (root, ".") if root.is_dir() else (root.parent, root.name)
    last = _git(directory, "log", "-1", "--format=%h", "--", pathspec)
    if not last:
        return None
    changed = _git(directory, "status", "--porcelain", "--", pathspec)
    return last.strip() + (DIRTY if changed and changed.strip() else "")


def digest_at(root: Path, commit: str) -> str | None:
    """The digest a run of the spec root `root` (a directory) as of `commit` records; None
    when `root` is not in a git checkout that holds `commit`."""
    if _git(root, "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}") is None:
        return None
    archive = _git(root, "archive", "--format=tar", commit, ".", binary=True)
    if archive is None:
        return None
    with tempfile.TemporaryDirectory(prefix="nx-conformance-spec-") as scratch:
        _unpack(archive, Path(scratch))
        files = [str(path) for path in case_files([Path(scratch)])]
        return digest([scratch], files)


def _unpack(archive: bytes, into: Path) -> None:
    """The regular files of a tar archive written under `into` (git's archive holds no
    absolute or parent paths; a member that would land outside `into` is left out)."""
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        for member in tar.getmembers():
            target = (into / member.name).resolve()
            if not member.isfile() or not target.is_relative_to(into.resolve()):
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(tar.extractfile(member).read())


def baseline_problems(spec: Mapping[str, object], root: Path) -> list[str]:
    """What is wrong with the `spec: {revision, digest}` of a baseline to be committed, for
    the spec root `root` in its checkout: a dirty revision (the spec it was taken of was
    never committed), a revision the checkout does not hold, or a digest that is not that
    revision's. Outside a git checkout, or in a shallow clone without that revision, only
    the revision's cleanliness can be checked."""
    named, recorded = spec.get("revision"), spec.get("digest")
    if not named or not recorded:
        return ["names no spec revision and digest: take it on a run of a committed spec"]
    named, recorded = str(named), str(recorded)
    if named.endswith(DIRTY):
        return [
            f"spec revision {named}: taken on a spec with uncommitted changes; take it again "
            "on a run of a committed spec"
        ]
    if revision(root) is None:
        return []  # not a checkout (an installed spec): nothing to check the digest against
    actual = digest_at(root, named)
    if actual is None:
        if _git(root, "rev-parse", "--is-shallow-repository") == "true\n":
            # A shallow clone (CI's usual checkout) lacks older commits: the digest cannot
            # be checked here, which is not a fault of the baseline.
            return []
        return [f"spec revision {named} is not a commit of this checkout"]
    if actual != recorded:
        return [f"spec digest {recorded}, but the spec of revision {named} has digest {actual}"]
    return []


def _git(directory: Path, *args: str, binary: bool = False) -> str | bytes | None:
    """The output of `git -C directory ARGS`, or None when git fails or is missing."""
    try:
        out = subprocess.run(
            ["git", "-C", str(directory), *args],
            capture_output=True,
            text=not binary,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout if out.returncode == 0 else None
