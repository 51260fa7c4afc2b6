"""Rules of the house that code review would otherwise have to catch."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# The reference writes its numeric cores out; only tests may use these as oracles.
FORBIDDEN_NUMPY = {
    "matmul",
    "dot",
    "einsum",
    "tensordot",
    "inner",
    "outer",
    "kron",
    "vdot",
    "convolve",
    "correlate",
    "sort",
    "argsort",
    "partition",
    "argpartition",
    "lexsort",
    "msort",
    "sort_complex",
    "linalg",
    "fft",
}
FORBIDDEN_METHODS = {"sort", "argsort", "argpartition", "dot"}


def reference_sources() -> list[Path]:
    return sorted((ROOT / "reference").rglob("*.py"))


def borrowed_kernels(source: str) -> list[tuple[int, str]]:
    """Uses of NumPy's linalg / fft / contraction / sort kernels, SciPy, or `@`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.MatMult):
            found.append((node.lineno, "the @ operator"))
        elif isinstance(node, ast.Attribute):
            base = node.value
            if (
                isinstance(base, ast.Name)
                and base.id in ("np", "numpy")
                and node.attr in FORBIDDEN_NUMPY
            ):
                found.append((node.lineno, f"numpy.{node.attr}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in FORBIDDEN_METHODS and not (
                isinstance(node.func.value, ast.Name) and node.func.value.id in ("np", "numpy")
            ):
                found.append((node.lineno, f"the .{node.func.attr}() method"))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
            )
            if any(n.split(".")[0] == "scipy" or n in ("numpy.linalg", "numpy.fft") for n in names):
                found.append((node.lineno, "an import of " + ", ".join(names)))
    return found


@pytest.mark.parametrize("path", reference_sources(), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_reference_borrows_no_numeric_kernel(path):
    found = borrowed_kernels(path.read_text())
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in found)


def test_the_kernel_check_finds_what_it_must():
    planted = (
        "import scipy.linalg\nx = a @ b\ny = np.linalg.inv(a)\nz = np.sort(a)\nw = a.argsort()\n"
    )
    assert sorted(line for line, _ in borrowed_kernels(planted)) == [1, 2, 3, 4, 5]
    innocent = '"""a @ b in prose"""\nleft, _, right = text.partition("->")\n'
    assert borrowed_kernels(innocent) == []


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
    command = (
        readme.split("Run the project's own tests", 1)[1].split("```sh\n", 1)[1].split("\n", 1)[0]
    )
    assert command in (ROOT / ".ci" / "run").read_text().splitlines()
