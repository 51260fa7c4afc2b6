"""Rules of the house that code review would otherwise have to catch."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import yaml

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
        "spec": {"spec"},
        "reference": {"reference", "spec"},
        "adapters": {"reference", "adapters", "spec"},
        "conformance": {"adapters", "conformance", "spec"},
        "reports": {"reports", "spec"},
    }
    pattern = re.compile(
        r"^\s*(?:from|import)\s+(reference|adapters|conformance|reports|spec)\b", re.MULTILINE
    )
    # The composition root: the command line, which renders reports of the runs it made.
    composition_root = ROOT / "conformance" / "cli"
    bad = []
    for package, ok in allowed.items():
        for path in (ROOT / package).rglob("*.py"):
            for used in pattern.findall(path.read_text()):
                if path.is_relative_to(composition_root) and used == "reports":
                    continue
                if path == LABELS_GENERATOR and used == "reference":
                    continue
                if used not in ok:
                    bad.append(f"{path.relative_to(ROOT)} imports {used}")
    assert not bad, bad


# --- Imports, read from the syntax tree --------------------------------------------------------

PACKAGES = ("spec", "reference", "adapters", "conformance", "reports")
# The one module of spec/ that reads the reference: it writes spec/labels.yaml from its registry.
LABELS_GENERATOR = ROOT / "spec" / "generate_labels.py"


def module_of(path: Path) -> str:
    """`conformance/cases.py` -> `conformance.cases`; a package's `__init__.py` -> the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def our_modules() -> dict[str, Path]:
    return {module_of(p): p for package in PACKAGES for p in sorted((ROOT / package).rglob("*.py"))}


def imports_of(source: str, module: str, is_package: bool = False) -> list[tuple[int, str]]:
    """(line, module) of every import statement of a module's source, at any depth (inside
    functions and `if TYPE_CHECKING:` too); `from a import b` names `a.b` when that is one
    of our modules, else `a`; relative imports are resolved against `module`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = module.split(".") if is_package else module.split(".")[:-1]
                parent = parent[: len(parent) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                found.append((node.lineno, whole if whole in our_modules() else base))
    return sorted(found)


def import_graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    graph = {}
    for module, path in our_modules().items():
        if module.split(".")[0] == package:
            used = imports_of(path.read_text(), module, path.name == "__init__.py")
            graph[module] = {
                name
                for _, name in used
                if name in our_modules() and name.split(".")[0] == package and name != module
            }
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of the graph (its modules, the first repeated at the end), or None."""
    state: dict[str, str] = {}  # "open" while on the path, "done" after
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        path.append(module)
        for used in sorted(graph.get(module, ())):
            if state.get(used) == "open":
                return [*path[path.index(used) :], used]
            if used not in state:
                cycle = visit(used)
                if cycle:
                    return cycle
        state[module] = "done"
        path.pop()
        return None

    for module in sorted(graph):
        if module not in state:
            cycle = visit(module)
            if cycle:
                return cycle
    return None


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle_inside_a_package(package):
    cycle = a_cycle(import_graph(package))
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_check_finds_what_it_must():
    assert a_cycle({"p.a": {"p.b"}, "p.b": {"p.c"}, "p.c": {"p.a"}}) == [
        "p.a",
        "p.b",
        "p.c",
        "p.a",
    ]
    assert a_cycle({"p.a": {"p.b", "p.c"}, "p.b": {"p.c"}, "p.c": set()}) is None
    planted = "def f():\n    from conformance import cases\nfrom . import signatures\n"
    assert imports_of(planted, "conformance.runner") == [
        (2, "conformance.cases"),
        (3, "conformance.signatures"),
    ]


def test_nothing_but_the_reference_adapter_imports_the_reference():
    """The runner, the reports and the adapter interface take the spec's vocabulary from
    `spec`, so that validating a case file or rendering a report depends on no
    implementation; only the reference adapter (and the tests) run the reference."""
    paths = [
        *(ROOT / "conformance").rglob("*.py"),
        *(ROOT / "reports").rglob("*.py"),
        ROOT / "adapters" / "base.py",
    ]
    bad = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for path in sorted(paths)
        for line, name in imports_of(path.read_text(), module_of(path), path.name == "__init__.py")
        if name == "reference" or name.startswith("reference.")
    ]
    assert not bad, "\n".join(bad)


def test_reports_read_the_spec_only_through_its_vocabulary_and_documentation():
    """A report reads result files; of the spec, only its vocabulary and its documentation,
    through `spec.vocabulary` and `spec.documentation` (never a path of its own into spec/)."""
    allowed = {"spec", "spec.vocabulary", "spec.documentation"}
    spelled = re.compile(r"""/\s*["']spec["']""")
    bad = []
    for path in sorted((ROOT / "reports").rglob("*.py")):
        text = path.read_text()
        used = imports_of(text, module_of(path), path.name == "__init__.py")
        bad += [
            f"{path.relative_to(ROOT)}:{line}: imports {name}"
            for line, name in used
            if name.split(".")[0] == "spec" and name not in allowed
        ]
        bad += [f"{path.relative_to(ROOT)}: a path into spec/" for _ in spelled.finditer(text)]
    assert not bad, "\n".join(bad)


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


# --- The product stands alone; its readings and errata are cited by id -----------------

# Spelled in pieces so that this file does not name them itself.
OUTSIDE = ("../" + "shared", "/work/" + "shared", "NOTES-ON-" + "AMBIGUITY")
READING_ID = re.compile(r"^## (R[1-9][0-9]*)\. ", re.MULTILINE)
CITATION = re.compile(r"READINGS ((?:R[0-9]+(?:, | and | to )?)+)")
NOTE = re.compile(r"^\s*(?:# )?Note:(.*)$", re.MULTILINE)
CASE_ID = re.compile(r"`([a-z]+\.[A-Za-z0-9_]+/[^`]+)`")


def product_files() -> list[Path]:
    """Every file of the product: what git tracks, but the CI's own scripts in `.ci/`."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if listed.returncode == 0 and listed.stdout:
        names = [n for n in listed.stdout.split("\0") if n]
    else:  # not a git checkout (an unpacked sdist): the files beside this one
        skip = {".git", ".ci", ".venv", "build", "dist", "__pycache__", ".hypothesis"}
        names = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
        ]
    return [ROOT / n for n in names if not n.startswith(".ci/") and (ROOT / n).is_file()]


def readings() -> set[str]:
    return set(READING_ID.findall((ROOT / "spec" / "READINGS.md").read_text()))


@cache
def bundled_cases() -> tuple[dict[str, dict], dict[str, dict]]:
    """(case id -> the case as written, file -> its top level) of the bundled spec."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    cases, files = {}, {}
    for path in sorted((ROOT / "spec").rglob("*.yaml")):
        document = yaml.load(path.read_text(), Loader=loader)
        if not isinstance(document, dict) or "cases" not in document:
            continue
        files[str(path.relative_to(ROOT))] = document
        namespace = document.get("namespace", "nx")
        for case in document["cases"]:
            case_id = f"{case.get('namespace', namespace)}.{case.get('op', document['op'])}"
            cases[f"{case_id}/{case['name']}"] = {**case, "file": str(path.relative_to(ROOT))}
    return cases, files


def bundled_meta() -> tuple[dict[str, dict], dict[str, dict]]:
    """(case id -> its meta, file -> its top-level meta) of the bundled spec."""
    cases, files = bundled_cases()
    return (
        {case_id: case.get("meta") or {} for case_id, case in cases.items()},
        {name: document.get("meta") or {} for name, document in files.items()},
    )


def cited(text: str) -> set[str]:
    """The ids a text cites as "READINGS R3, R7 to R9"."""
    ids: set[str] = set()
    for group in CITATION.findall(text):
        numbers = [int(n) for n in re.findall(r"R([0-9]+)", group)]
        ids.update(f"R{n}" for n in numbers)
        for low, high in re.findall(r"R([0-9]+) to R([0-9]+)", group):
            ids.update(f"R{n}" for n in range(int(low), int(high) + 1))
    return ids


def test_no_file_of_the_product_refers_outside_it():
    found = []
    for path in product_files():
        text = path.read_bytes().decode("utf-8", errors="ignore")
        found += [f"{path.relative_to(ROOT)}: {word}" for word in OUTSIDE if word in text]
    assert not found, "\n".join(found)


def test_the_readings_are_numbered_once_without_gaps():
    """Ids are stable: a new reading takes the next number and sits in its section."""
    found = READING_ID.findall((ROOT / "spec" / "READINGS.md").read_text())
    assert sorted(found, key=lambda rid: int(rid[1:])) == [
        f"R{n}" for n in range(1, len(found) + 1)
    ]


def test_every_cited_reading_exists():
    known = readings()
    cases, files = bundled_meta()
    bad = [
        f"{where}: {r}"
        for where, meta in [*cases.items(), *files.items()]
        for r in meta.get("readings", [])
        if r not in known
    ]
    for path in product_files():
        if path.suffix in (".py", ".md", ".yaml"):
            bad += [f"{path.relative_to(ROOT)}: {r}" for r in cited(path.read_text()) - known]
    assert not bad, "\n".join(bad)


def test_every_note_of_the_reference_cites_its_reading():
    known = readings()
    bad = []
    for path in reference_sources():
        for note in NOTE.findall(path.read_text()):
            m = re.match(r" (R[0-9]+) — \S", note)
            if not m or m.group(1) not in known:
                bad.append(f"{path.relative_to(ROOT)}: Note:{note}")
    assert not bad, "\n".join(bad)


def test_every_reading_is_pinned_by_the_cases_it_lists():
    cases, _ = bundled_meta()
    pinned = {r for meta in cases.values() for r in meta.get("readings", [])}
    text = (ROOT / "spec" / "READINGS.md").read_text()
    bad = [f"{r}: no case carries it" for r in sorted(readings() - pinned)]
    for entry in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        r = entry.split(".", 1)[0]
        listed = (
            entry.split("**Cases:**", 1)[1].split("\n- ", 1)[0] if "**Cases:**" in entry else ""
        )
        for case_id in CASE_ID.findall(" ".join(listed.split())):
            if r not in cases.get(case_id, {}).get("readings", []):
                bad.append(f"{r}: {case_id} does not exist or does not carry it")
    assert not bad, "\n".join(bad)


def test_every_erratum_is_cited_by_the_cases_it_names():
    cases, _ = bundled_meta()
    sections = re.split(r"^## ", (ROOT / "spec" / "ERRATA.md").read_text(), flags=re.MULTILINE)
    named = {s.split("\n", 1)[0].strip(): " ".join(s.split()) for s in sections[1:]}
    cited_errata = {e for meta in cases.values() for e in meta.get("errata", [])}
    bad = [f"{e}: no case carries it" for e in named if e not in cited_errata]
    bad += [f"{e}: not an entry of ERRATA.md" for e in cited_errata - named.keys()]
    for heading, body in named.items():
        for case_id in CASE_ID.findall(body):
            if heading not in cases.get(case_id, {}).get("errata", []):
                bad.append(f"{heading}: {case_id} does not exist or does not carry it")
    assert not bad, "\n".join(bad)


# --- The order of authority (spec/AUTHORING.md) ----------------------------------------------

# "seed" as the name of a document, in any of the forms it once had (spelled in pieces).
SEED_AS_DOCUMENT = re.compile(
    r"\b[Ss]eeds? 00[0-4]\b|\b[Ss]eed documents?\b|spec/" + "seeds" + r"|\b[Tt]he seed's\b"
    r"|\b00[0-4]_[0-9a-f]{16}\.txt"
)


def test_no_file_of_the_product_calls_a_document_a_seed():
    found = []
    for path in product_files():
        text = path.read_bytes().decode("utf-8", errors="ignore")
        found += [f"{path.relative_to(ROOT)}: {m[0]}" for m in SEED_AS_DOCUMENT.finditer(text)]
    assert not found, "\n".join(found[:20])


def test_a_case_that_accepts_either_names_the_reading_that_opens_the_choice():
    cases, files = bundled_cases()
    bad = []
    for case_id, case in cases.items():
        tol = case.get("tol")
        open_zero = isinstance(tol, dict) and tol.get("zero_sign") == "any"
        open_outcome = "any_of" in case
        named = (case.get("meta") or {}).get("readings") or (
            files[case["file"]].get("meta") or {}
        ).get("readings")
        if (open_zero or open_outcome) and not named:
            bad.append(f"{case_id}: accepts either, but names no reading")
    assert not bad, "\n".join(bad)


def test_a_case_based_on_a_reading_names_it():
    cases, files = bundled_cases()
    bad = [
        f"{case_id}: basis reading, but no meta.readings"
        for case_id, case in cases.items()
        if case.get("basis") == "reading"
        and not (case.get("meta") or {}).get("readings")
        and not (files[case["file"]].get("meta") or {}).get("readings")
    ]
    assert not bad, "\n".join(bad)


def test_every_bundled_case_states_its_basis():
    cases, _ = bundled_cases()
    bad = [case_id for case_id, case in cases.items() if "basis" not in case]
    assert not bad, f"{len(bad)} case(s) state no basis, e.g.\n" + "\n".join(bad[:20])


BASELINES = sorted((ROOT / "adapters").glob("*/baselines/*.yaml"))


@pytest.mark.parametrize("path", BASELINES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_triage_reason_and_cause_cites_a_passage_that_holds(path):
    from conformance.cli.validate import citation_problems

    problems = citation_problems(path)
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("path", BASELINES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_committed_baseline_names_the_committed_spec_it_was_taken_of(path):
    """A clean revision whose spec has the baseline's digest (as `validate --baseline`)."""
    from conformance.cli.validate import spec_problems

    problems = spec_problems(path, ROOT / "spec")
    assert not problems, "\n".join(problems)
