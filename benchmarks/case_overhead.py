"""Per-case overhead of the harness, in process: decode, run, compare.

    python -m benchmarks.case_overhead [--spec DIR] [--select GLOB] [--repeat N]

For every small case of the spec (all its tensors have at most 16 elements), times the
whole journey of one case many times over: decoding its tagged values from the parsed
YAML (`conformance.cases`), running it on the in-process reference adapter and
comparing the result (`conformance.execute`). Prints the median and quartiles over
cases of the per-case median, in CPU time of this process (less disturbed by other
work on the machine than wall time). The figure is the harness's cost plus the
reference's cost of a tiny op; it is measured, not asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from adapters import values as v
from adapters.reference.adapter import ReferenceAdapter
from conformance import cases as case_files
from conformance import runner, yaml_lines
from conformance.execute import Outcome, execute


def small(case: case_files.Case) -> bool:
    tensors = [
        x
        for value in (*case.args, case.expect)
        for x in v.walk(value)
        if isinstance(x, v.TensorValue)
    ]
    return all(t.data.size <= 16 for t in tensors)


def raw_cases(path: Path):
    """The parsed YAML of each case of a file, with the file header, for re-decoding."""
    root = yaml_lines.load(path.read_text())
    header = case_files.FileHeader(
        root.get("namespace", "nx"), root["op"], root.get("section", ""), str(path)
    )
    return [(header, raw) for raw in root["cases"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", type=Path, default=case_files.bundled_spec())
    parser.add_argument("--select", action="append", default=[])
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    spec = case_files.load_spec([args.spec])
    wanted = {c.id for c in runner.select(spec.cases, args.select) if small(c)}
    adapter = ReferenceAdapter()
    per_case = []
    for path in case_files.case_files([args.spec]):
        for header, raw in raw_cases(path):
            case = case_files.build_case(header, raw, 0)
            if case.id not in wanted or execute(case, adapter).outcome is not Outcome.PASS:
                continue
            timings = []
            for _ in range(args.repeat):
                started = time.process_time()
                execute(case_files.build_case(header, raw, 0), adapter)
                timings.append(time.process_time() - started)
            per_case.append(statistics.median(timings))
    if not per_case:
        raise SystemExit("no small passing case selected")
    q1, median, q3 = statistics.quantiles(per_case, n=4)
    print(
        f"{len(per_case)} small cases, {args.repeat} runs each (decode + run + compare, in process)"
    )
    print(
        f"median per case: {median * 1e6:.0f} µs   (quartiles {q1 * 1e6:.0f}-{q3 * 1e6:.0f} µs, "
        f"max {max(per_case) * 1e6:.0f} µs)"
    )


if __name__ == "__main__":
    main()
