"""Cosmic Ray's test command: run the cases that can see the mutated file, stop at the first
that does not pass.

Run from the root of a *copy* of the repository (never the checkout itself: Cosmic Ray
mutates files in place). `mutation/run.py` makes the copy, writes `mutation/_map.json`
and `mutation/_manifest.json` into it (`--build-map`, on the unmutated tree), and gives
this script as Cosmic Ray's `test-command`.

For a mutant it
1. finds the mutated file: the `reference/` file whose SHA-256 differs from the manifest;
2. looks up the case-id globs that can see it (`_map.json`): the ops registered in that
   module and in every module that imports it, directly or through others; a module no op
   imports (the package `__init__`s, `registry.py`) maps to every case;
3. loads those cases (parsed once from the unmutated tree: the spec cache's key is frozen
   to the unmutated tree's, `NXMUT_SPEC_KEY`, so expected values never pass through
   mutated code) and runs them on the reference in this process, exiting 1 at the first
   case that does not pass (killed) and 0 when all pass (survived).

Exit 0 with no file changed (nothing to test).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this copy's packages, ahead of the editable install
MAP = ROOT / "mutation" / "_map.json"
MANIFEST = ROOT / "mutation" / "_manifest.json"
ALL = "*"


def reference_files() -> list[Path]:
    return sorted((ROOT / "reference").rglob("*.py"))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts) + 1)]


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The reference modules `path` imports (a module imports its parent packages too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    this = module_name(path)
    package = this if path.name == "__init__.py" else this.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            names = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.split(".")[0] == "reference":
                found.update(p for p in _parents(name) if p in known)
    found.discard(this)
    return found


def build_map() -> None:
    """On the unmutated tree: file -> globs of the cases that can see it; file hashes."""
    from reference import registry

    registry.load_all()
    ops_of: dict[str, list[str]] = {}
    for key, entry in registry.registered().items():
        ops_of.setdefault(entry.module, []).append(key)
    files = reference_files()
    modules = {module_name(p): p for p in files}
    importers: dict[str, set[str]] = {m: set() for m in modules}
    for m, p in modules.items():
        for dep in imports_of(p, set(modules)):
            importers[dep].add(m)
    mapping: dict[str, list[str]] = {}
    for m, p in modules.items():
        seen, todo = {m}, [m]
        while todo:
            for user in importers[todo.pop()]:
                if user not in seen:
                    seen.add(user)
                    todo.append(user)
        keys = sorted(k for s in seen for k in ops_of.get(s, ()))
        everything = not keys or len(keys) == len(registry.registered())
        mapping[str(p.relative_to(ROOT))] = [ALL] if everything else [f"{k}/*" for k in keys]
    MAP.write_text(json.dumps(mapping, indent=1, sort_keys=True))
    MANIFEST.write_text(json.dumps({str(p.relative_to(ROOT)): digest(p) for p in files}))


def mutated_files() -> list[str]:
    manifest = json.loads(MANIFEST.read_text())
    return [rel for rel, h in manifest.items() if digest(ROOT / rel) != h]


def run(globs: list[str]) -> int:
    from conformance import cases as case_files
    from conformance import runner, spec_cache
    from conformance.execute import Outcome

    key = os.environ.get("NXMUT_SPEC_KEY")
    if key:  # parse the cases as the unmutated tree does (and from its cache)
        spec_cache.program_key = lambda: key
    import reference
    from adapters.reference.adapter import ReferenceAdapter

    if not Path(reference.__file__).resolve().is_relative_to(ROOT):
        print(f"reference imported from {reference.__file__}, not from {ROOT}")
        return 3
    select = [] if globs == [ALL] else globs
    spec = case_files.load_spec([ROOT / "spec"], select=select)
    chosen = runner.select(spec.cases, select) if select else spec.cases
    adapter = ReferenceAdapter()
    for case in chosen:
        result = runner.run_one(case, adapter)
        if result.outcome is not Outcome.PASS:
            message = " | ".join(str(result.message).splitlines())
            print(f"killed by {case.id}: {result.outcome.value}: {message}"[:2000])
            return 1
    print(f"{len(chosen)} cases pass")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["--build-map"]:
        build_map()
        return 0
    if argv[:1] == ["--globs"]:  # run the cases that see the named files (a check)
        mapping = json.loads(MAP.read_text())
        files = argv[1:]
    else:
        mapping = json.loads(MAP.read_text())
        files = mutated_files()
    if not files:
        print("no mutated file")
        return 0
    globs = sorted({g for f in files for g in mapping.get(f, [ALL])})
    return run([ALL] if ALL in globs else globs)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
