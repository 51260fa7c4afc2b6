"""The loading tax: how much of a run is spent outside the cases.

    python -m benchmarks.loading [--repeat N] [--skip-pytest]

Runs the commands a user runs, as separate processes, and prints from this one run:
- the whole bundled spec, `nx-conformance run -j 1`: wall time (start-up included) over
  the time spent inside the cases (the sum of the cases' durations, from a `--json` run),
  on a first run (an empty cache of validated files) and on the next one (aim: <= 2);
- `nx-conformance run --select 'nx.div/*'` after the first run: wall seconds (aim: <= 0.5);
- `pytest spec/ -n 2` over `pytest spec/ -n 1`, wall time (aim: < 1).

Each figure is the best of `--repeat` runs (the machine may be shared). The processes get
a cache directory of their own (`XDG_CACHE_HOME`) and Python's bytecode cache, as a
user's shell has it (`PYTHONDONTWRITEBYTECODE` unset). Measured, not asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "conformance.cli"]


def environment(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["XDG_CACHE_HOME"] = str(cache)
    return env


def timed(argv: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one process (which must succeed)."""
    started = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, env=env, check=True, capture_output=True)
    return time.perf_counter() - started


def inside_cases(env: dict[str, str], results: Path) -> float:
    """The seconds a `run -j 1 --json` of the bundled spec spends inside its cases."""
    timed([*COMMAND, "run", "-j", "1", "-q", "--json", str(results)], env)
    return sum(r["duration"] for r in json.loads(results.read_text())["results"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-pytest", action="store_true")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as scratch:
        scratch = Path(scratch)
        results = scratch / "results.json"
        # Warm Python's bytecode cache once, so that no figure pays for compiling.
        timed(
            [*COMMAND, "validate", "--spec", str(ROOT / "spec/nx/arithmetic/div.yaml")],
            environment(scratch / "warm-up"),
        )
        whole = [*COMMAND, "run", "-j", "1", "-q"]
        first = min(timed(whole, environment(scratch / f"cold{n}")) for n in range(args.repeat))
        env = environment(scratch / "cache")
        inside = min(inside_cases(env, results) for _ in range(args.repeat))  # fills the cache
        again = min(timed(whole, env) for _ in range(args.repeat))
        select = min(
            timed([*COMMAND, "run", "-q", "--select", "nx.div/*"], env) for _ in range(args.repeat)
        )
        print(f"inside the cases of the bundled spec: {inside:.2f} s")
        print(
            f"run -j 1, first run (empty cache): {first:.2f} s wall: "
            f"{first / inside:.1f}x the time inside the cases"
        )
        print(
            f"run -j 1, next run:                {again:.2f} s wall: "
            f"{again / inside:.1f}x the time inside the cases  (aim <= 2x)"
        )
        print(f"run --select 'nx.div/*', next run: {select:.2f} s wall  (aim <= 0.5 s)")
        if not args.skip_pytest:
            pytest = [sys.executable, "-m", "pytest", "spec/", "-q"]
            one = min(timed([*pytest, "-n", "1"], env) for _ in range(args.repeat))
            two = min(timed([*pytest, "-n", "2"], env) for _ in range(args.repeat))
            print(
                f"pytest spec/: -n 1 {one:.2f} s, -n 2 {two:.2f} s wall: "
                f"-n 2 / -n 1 = {two / one:.2f}  (aim < 1)"
            )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
