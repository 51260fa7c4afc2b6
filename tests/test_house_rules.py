"""Rules of the house that code review would otherwise have to catch."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The reference writes its numeric cores out; only tests may use these as oracles.
BORROWED = re.compile(
    r"np\.linalg|numpy\.linalg|np\.fft|numpy\.fft|scipy|"
    r"np\.(matmul|dot|einsum|tensordot|inner|outer|kron|convolve|correlate|sort|argsort|"
    r"partition|argpartition|lexsort|vdot|msort|sort_complex)\(|"
    r"\.(sort|argsort|partition|argpartition|dot)\(|@ |@="
)


def reference_sources() -> list[Path]:
    return sorted((ROOT / "reference").rglob("*.py"))


@pytest.mark.parametrize("path", reference_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_reference_borrows_no_numeric_kernel(path):
    offending = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        code = line.split("#", 1)[0]
        if BORROWED.search(code) and not code.lstrip().startswith(('"', "'")):
            offending.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offending, "\n".join(offending)


def test_the_reference_imports_nothing_else_of_the_project():
    others = re.compile(r"^\s*(from|import)\s+(adapters|conformance|reports|tests)\b", re.MULTILINE)
    bad = [str(p.relative_to(ROOT)) for p in reference_sources() if others.search(p.read_text())]
    assert not bad


def test_the_layers_only_import_downwards():
    allowed = {
        "adapters": {"reference", "adapters"},
        "conformance": {"reference", "adapters", "conformance"},
        "reports": {"reports"},
    }
    pattern = re.compile(
        r"^\s*(?:from|import)\s+(reference|adapters|conformance|reports)\b", re.MULTILINE
    )
    # The composition root: the one module that renders reports of the runs it made.
    composition_root = ROOT / "conformance" / "cli_reports.py"
    bad = []
    for package, ok in allowed.items():
        for path in (ROOT / package).rglob("*.py"):
            for used in pattern.findall(path.read_text()):
                if used not in ok and not (path == composition_root and used == "reports"):
                    bad.append(f"{path.relative_to(ROOT)} imports {used}")
    assert not bad, bad


@pytest.mark.skipif(
    shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
    reason="ruff is not installed",
)
def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    done = subprocess.run([ruff, "check", str(ROOT)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ci_runs_exactly_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    command = readme.split("Run the project's own tests", 1)[1].split("```sh\n", 1)[1].split("\n", 1)[0]
    assert command in (ROOT / ".ci" / "run").read_text().splitlines()
