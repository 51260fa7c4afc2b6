"""Per-case cost of the wire protocol against the in-process reference.

    python -m benchmarks.protocol_overhead [--select GLOB] [--cases N] [--adapter NAME]

Runs the same small cases (all tensors ≤ 16 elements) through the `reference` adapter in
process and through `cmd:python -m adapters.driver reference` (one driver process, JSON
Lines over pipes), and prints the median per-case time of each and their difference: the
protocol's overhead. With `--adapter NAME` (a protocol adapter such as `ocaml-nx`), it
also prints that program's median per-case time on the same cases and the median round
trip of a request that does no work (`release`): the protocol's own cost there.
Measured, not asserted.
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


def round_trip_seconds(adapter_name: str, repeat: int) -> float:
    """The median time of a `release` request: encode, pipes, decode, no work."""
    adapter = load_adapter(adapter_name)
    try:
        timings = []
        for _ in range(repeat):
            adapter._next_id += 1
            started = time.perf_counter()
            adapter._exchange({"id": adapter._next_id, "release": True})
            timings.append(time.perf_counter() - started)
        return statistics.median(timings)
    finally:
        adapter.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--select", action="append", default=[])
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--adapter", help="also measure this protocol adapter (e.g. ocaml-nx)")
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
    if args.adapter:
        theirs = per_case_seconds(args.adapter, cases, args.repeat)
        trip = round_trip_seconds(args.adapter, 100 * args.repeat)
        print(
            f"{args.adapter}: {theirs * 1e6:.0f} µs per case (the implementation's work "
            f"included); a request that does no work: {trip * 1e6:.0f} µs round trip"
        )


if __name__ == "__main__":
    main()
