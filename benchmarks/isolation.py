"""Isolation of each case: a process per case against a fork server (protocol section 6).

    python -m benchmarks.isolation [--adapter ocaml-nx] [--select 'nx.*'] [-j 2]
                                   [--skip FILE] [--modes process fork]

Runs the selected cases under each way of isolating them (`process`: the program started
afresh for every case, forced with NX_CONFORMANCE_ISOLATION=process; `fork`: the
program's fork server, a child forked per case), and prints for each the wall time, the
time per case, the outcomes and the machine's load average before and after (the other
work on the machine); then compares the runs case by case: the same outcome
and the same failure signature (`reports.signature`), listing every case that
differs. Measured, not asserted: the machine's other work moves the figures.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from pathlib import Path

from adapters.protocol import ISOLATION_VARIABLE
from conformance import cases as case_files
from conformance import runner
from reports.signature import signature

ROOT = Path(__file__).resolve().parents[1]
ALPHA1_SKIPS = ROOT / "adapters" / "ocaml_nx" / "skips" / "1.0.0_alpha1.txt"


def run(mode: str, cases, args, skip) -> tuple[dict[str, tuple[str, str]], float]:
    previous = os.environ.get(ISOLATION_VARIABLE)
    os.environ[ISOLATION_VARIABLE] = mode
    try:
        wall = time.perf_counter()
        results = list(
            runner.run_cases(cases, args.adapter, jobs=args.jobs, skip=skip, isolate=True)
        )
        wall = time.perf_counter() - wall
    finally:
        if previous is None:
            os.environ.pop(ISOLATION_VARIABLE, None)
        else:
            os.environ[ISOLATION_VARIABLE] = previous
    table = {}
    for r in results:
        failed = r.outcome.value in ("fail", "error")
        table[r.id] = (r.outcome.value, signature(r.message) if failed else "")
    return table, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--adapter", default="ocaml-nx")
    parser.add_argument("--select", action="append", default=[])
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--skip", type=Path, action="append", default=[])
    parser.add_argument("--modes", nargs="+", default=["process", "fork"])
    args = parser.parse_args()
    if not args.skip and args.adapter == "ocaml-nx" and ALPHA1_SKIPS.is_file():
        args.skip = [ALPHA1_SKIPS]  # outcomes that change from run to run
    spec = case_files.load_spec([case_files.bundled_spec()])
    cases = runner.select(spec.cases, args.select or ["nx.*"])
    skip = [rule for path in args.skip for rule in runner.read_skip_list(path)]
    print(f"{args.adapter}: {len(cases)} cases, -j {args.jobs}, {os.cpu_count()} cores")
    tables = {}
    for mode in args.modes:
        before = os.getloadavg()[0]
        table, wall = run(mode, cases, args, skip)
        tables[mode] = table
        counts = Counter(outcome for outcome, _ in table.values())
        shown = ", ".join(f"{n} {o}" for o, n in sorted(counts.items()))
        print(
            f"  {mode:8} wall {wall:6.1f} s  {1000 * wall / len(cases):5.2f} ms/case  "
            f"load {before:.1f} -> {os.getloadavg()[0]:.1f}  ({shown})"
        )
    modes = list(tables)
    for other in modes[1:]:
        first, second = tables[modes[0]], tables[other]
        differ = sorted(k for k in first if first[k] != second.get(k))
        print(f"  {modes[0]} vs {other}: {len(differ)} of {len(first)} cases differ")
        for k in differ:
            print(f"    {k}: {first[k][0]} -> {second[k][0]}")
            print(f"      {first[k][1] or '-'}\n      {second[k][1] or '-'}")


if __name__ == "__main__":
    main()
