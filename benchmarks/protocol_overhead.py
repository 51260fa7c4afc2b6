"""Per-case cost of the wire protocol against the in-process reference.

    python -m benchmarks.protocol_overhead [--select GLOB] [--cases N]

Runs the same small cases (all tensors ≤ 16 elements) through the `reference` adapter in
process and through `cmd:python -m adapters.driver reference` (one driver process, JSON
Lines over pipes), and prints the median per-case time of each and their difference: the
protocol's overhead. Measured, not asserted.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from adapters.discovery import load_adapter
from benchmarks.case_overhead import small
from conformance import cases as case_files
from conformance import runner
from conformance.execute import execute


def per_case_seconds(adapter_name: str, cases: list, repeat: int) -> float:
    adapter = load_adapter(adapter_name)
    try:
        timings = []
        for case in cases:
            execute(case, adapter)  # warm up
            runs = []
            for _ in range(repeat):
                started = time.perf_counter()
                execute(case, adapter)
                runs.append(time.perf_counter() - started)
            timings.append(statistics.median(runs))
        return statistics.median(timings)
    finally:
        adapter.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--select", action="append", default=[])
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args()
    spec = case_files.load_spec([case_files.bundled_spec()])
    cases = [c for c in runner.select(spec.cases, args.select) if small(c)][: args.cases]
    local = per_case_seconds("reference", cases, args.repeat)
    wired = per_case_seconds(
        f"cmd:{sys.executable} -m adapters.driver reference", cases, args.repeat
    )
    print(f"{len(cases)} small cases, median per case over {args.repeat} runs each")
    print(
        f"in process: {local * 1e6:.0f} µs   over the protocol: {wired * 1e6:.0f} µs   "
        f"protocol overhead: {(wired - local) * 1e6:.0f} µs per case"
    )


if __name__ == "__main__":
    main()
