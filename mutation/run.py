"""Mutation testing of the reference with Cosmic Ray, on copies of the tree.

    .venv/bin/python mutation/run.py                   # the documented sample (every 16th)
    .venv/bin/python mutation/run.py --every 16 --offset 1   # the next 16th; --every 1: all

Steps (see mutation/README.md):
1. copy the repository (without .git, .venv, out) to WORK/w1 .. WORK/wN, one per worker;
   Cosmic Ray mutates files in place, so the checkout itself is never touched;
2. in each copy: byte-compile with hash-checked .pyc (a restored file is never mistaken for
   its mutant), `run_mutant.py --build-map` (which cases see which file), warm the spec
   cache (in WORK, not the user's), a check that the unmutated tree passes;
3. `cosmic-ray init` over reference/ (every core operator), then a filter marks as skipped
   every mutant outside the sample: mutants sorted by (file, line, column, operator,
   occurrence), rank % EVERY == OFFSET; the sample is dealt to the workers by rank;
4. `cosmic-ray exec` in every copy at once, `run_mutant.py` as the test command, with a
   per-mutant timeout;
5. the outcomes of the sample go to --out (JSON, one record per mutant, the diff of every
   survivor), and a summary is printed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY = sys.executable
EXCLUDE = {".git", ".venv", "out", "__pycache__", ".pytest_cache", ".ruff_cache"}


def copy_tree(target: Path) -> None:
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(REPO, target, ignore=lambda d, names: [n for n in names if n in EXCLUDE])
    for stale in ("_map.json", "_manifest.json"):
        (target / "mutation" / stale).unlink(missing_ok=True)


def env_for(copy: Path, key: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    env.update(PYTHONPATH=str(copy), XDG_CACHE_HOME=str(copy / ".cache"),
               PYTHONDONTWRITEBYTECODE="1")
    if key:
        env["NXMUT_SPEC_KEY"] = key
    return env


def sh(args: list, cwd: Path, env: dict, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=env, check=True, **kw)


def prepare(copy: Path) -> str:
    """Byte-compile, map, warm the spec cache; the frozen spec-cache key."""
    env = env_for(copy)
    sh([PY, "-m", "compileall", "-q", "--invalidation-mode", "checked-hash",
        "reference", "conformance", "adapters", "spec", "mutation"], copy, env,
       stdout=subprocess.DEVNULL)
    sh([PY, "mutation/run_mutant.py", "--build-map"], copy, env)
    return warm(copy, env)


def warm(copy: Path, env: dict) -> str:
    """Parse every case file into the copy's spec cache (under the frozen key, if set)."""
    code = ("import os; from conformance import cases, spec_cache\n"
            "key = os.environ.get('NXMUT_SPEC_KEY')\n"
            "if key: spec_cache.program_key = lambda: key\n"
            "cases.load_spec(['spec']); print(spec_cache.program_key())")
    return sh([PY, "-c", code], copy, env, capture_output=True, text=True).stdout.split()[-1]


def config(copy: Path, timeout: float) -> Path:
    path = copy / "mutation" / "_cosmic-ray.toml"
    path.write_text(
        "[cosmic-ray]\n"
        'module-path = "reference"\n'
        f"timeout = {timeout}\n"
        "excluded-modules = []\n"
        f'test-command = "{PY} mutation/run_mutant.py"\n\n'
        "[cosmic-ray.distributor]\n"
        'name = "local"\n'
    )
    return path


def sample(session: Path, every: int, offset: int, workers: int,
           files: list[str]) -> list[list[str]]:
    """Skip every mutant outside the sample; the sample's job ids dealt to the workers."""
    from sqlalchemy import create_engine, text

    engine = create_engine(f"sqlite:///{session}")
    with engine.begin() as db:
        rows = db.execute(text(
            "SELECT job_id, module_path, start_pos_row, start_pos_col, operator_name, occurrence "
            "FROM mutation_specs")).all()
        rows.sort(key=lambda r: (r.module_path, r.start_pos_row, r.start_pos_col,
                                 r.operator_name, r.occurrence))
        chosen = [r.job_id for rank, r in enumerate(rows) if rank % every == offset
                  and (not files or any(r.module_path.startswith(f) for f in files))]
    return [chosen[k::workers] for k in range(workers)]


def mark_skipped(session: Path, keep: set[str]) -> None:
    from cosmic_ray.work_db import use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with use_db(str(session)) as db:
        skipped = [item.job_id for item in db.work_items if item.job_id not in keep]
        db.set_multiple_results(
            skipped, WorkResult(output="outside the sample", worker_outcome=WorkerOutcome.SKIPPED))


def reset(session: Path, job_ids: set[str]) -> None:
    """Forget the results of these mutants, so that `exec` tests them again."""
    from sqlalchemy import create_engine, text

    with create_engine(f"sqlite:///{session}").begin() as db:
        for job_id in job_ids:
            db.execute(text("DELETE FROM work_results WHERE job_id = :j"), {"j": job_id})


def collect(sessions: list[Path]) -> list[dict]:
    from cosmic_ray.work_db import use_db

    records, seen = [], set()
    for session in sessions:
        with use_db(str(session)) as db:
            items = {i.job_id: i for i in db.work_items}
            for job_id, result in db.results:
                if result.worker_outcome == "skipped" or job_id in seen:
                    continue
                seen.add(job_id)
                m = items[job_id].mutations[0]
                outcome = (result.test_outcome or result.worker_outcome).value
                if outcome == "killed" and (result.output or "").strip() == "timeout":
                    outcome = "timeout"
                records.append({
                    "job_id": job_id, "file": str(m.module_path),
                    "line": m.start_pos[0], "col": m.start_pos[1],
                    "operator": m.operator_name.split("/")[-1], "occurrence": m.occurrence,
                    "definition": m.definition_name, "outcome": outcome,
                    "worker_outcome": result.worker_outcome.value,
                    "diff": result.diff if outcome == "survived" else None,
                    "killed_by": [line for line in (result.output or "").splitlines()
                                  if line.startswith("killed by")][:1]
                    if outcome == "killed" else None,
                })
    records.sort(key=lambda r: (r["file"], r["line"], r["col"], r["operator"], r["occurrence"]))
    return records


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--every", type=int, default=16, help="sample every Nth mutant (1: all)")
    ap.add_argument("--offset", type=int, default=0, help="which of the N (0 .. N-1)")
    ap.add_argument("--files", nargs="*", default=[], help="only mutants of these path prefixes")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds per mutant")
    ap.add_argument("--work", type=Path, default=Path("/tmp/nx-mutation"))
    ap.add_argument("--out", type=Path, default=REPO / "mutation" / "mutants.json")
    ap.add_argument("--reuse", action="store_true", help="keep prepared copies and sessions")
    ap.add_argument("--rerun-survivors", action="store_true",
                    help="with the prepared copies: bring in the current spec/, test the "
                         "survivors of the last run again, record which new cases kill")
    args = ap.parse_args()

    copies = [args.work / f"w{k + 1}" for k in range(args.workers)]
    sessions = [c / "mutation" / "_session.sqlite" for c in copies]
    started = time.time()
    if not args.reuse:
        args.out.with_suffix(".first-run.json").unlink(missing_ok=True)  # a new run
        for c in copies:
            copy_tree(c)
        keys = [prepare(c) for c in copies]
        first = copies[0]
        cfg = config(first, args.timeout)
        sh([PY, "-m", "cosmic_ray.cli", "init", cfg, sessions[0]], first, env_for(first),
           stdout=subprocess.DEVNULL)
        shares = sample(sessions[0], args.every, args.offset, args.workers, args.files)
        for k, c in enumerate(copies[1:], start=1):
            config(c, args.timeout)
            shutil.copy(sessions[0], sessions[k])
        for k in range(len(copies)):
            mark_skipped(sessions[k], set(shares[k]))
        for k, c in enumerate(copies):  # the unmutated tree passes every case
            sh([PY, "mutation/run_mutant.py", "--globs", "reference/registry.py"], c,
               env_for(c, keys[k]), stdout=subprocess.DEVNULL)
        (args.work / "keys.json").write_text(json.dumps(keys))
    keys = json.loads((args.work / "keys.json").read_text())
    before: set[str] = set()
    if args.rerun_survivors:
        for k, (c, s) in enumerate(zip(copies, sessions, strict=True)):
            own = {r["job_id"] for r in collect([s]) if r["outcome"] == "survived"}
            before |= own
            shutil.rmtree(c / "spec")
            shutil.copytree(REPO / "spec", c / "spec",
                            ignore=lambda d, names: [n for n in names if n in EXCLUDE])
            warm(c, env_for(c, keys[k]))  # the new cases parsed from the unmutated tree
            reset(s, own)  # each survivor again in the session that ran it
    procs = [
        subprocess.Popen([PY, "-m", "cosmic_ray.cli", "exec",
                          str(c / "mutation" / "_cosmic-ray.toml"), str(s)],
                         cwd=c, env=env_for(c, keys[k]))
        for k, (c, s) in enumerate(zip(copies, sessions, strict=True))
    ]
    codes = [p.wait() for p in procs]
    records = collect(sessions)
    if args.rerun_survivors:
        previous = json.loads(args.out.read_text())
        for r in records:
            if r["job_id"] in before and r["outcome"] != "survived":
                r["killed_by_new_case"] = True
        first_run = args.out.with_suffix(".first-run.json")
        if not first_run.exists():  # the outcomes before any new case, kept once
            first_run.write_text(json.dumps(previous, indent=1) + "\n")
    counts: dict[str, int] = {}
    for r in records:
        counts[r["outcome"]] = counts.get(r["outcome"], 0) + 1
    summary = {
        "tool": f"cosmic-ray {metadata.version('cosmic-ray')}",
        "python": sys.version.split()[0],
        "date": datetime.date.today().isoformat(),
        "command": " ".join(["mutation/run.py", *sys.argv[1:]]),
        "sample": {"every": args.every, "offset": args.offset, "files": args.files},
        "seconds": round(time.time() - started),
        "counts": counts,
        "exec_exit_codes": codes,
    }
    args.out.write_text(json.dumps({"summary": summary, "mutants": records}, indent=1) + "\n")
    print(json.dumps(summary, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
