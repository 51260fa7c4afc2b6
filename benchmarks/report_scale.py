"""How the HTML report scales: 10 000 cases × 4 implementations.

    python -m benchmarks.report_scale [--cases N] [--runs K]

Writes K synthetic result files of N cases each (ids spread over the documented
functions; sources, readings and kernel dependencies mixed; outcomes mixed — about 20 %
failing with a failure record and expected/actual tensors attached — different per
implementation), then measures generating the report from them (CPU time of this process,
and wall time: the machine may be shared), the page's size, and, when Debian's chromium
and Playwright are installed, the time the page takes to load and become usable in
headless Chromium, to filter its matrix, and to open a function page. One run's figures;
not asserted.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path

from reports import html, model
from reports.runs import read_runs

OUTCOMES = ("pass",) * 14 + ("fail", "fail", "error", "unsupported", "unsupported", "skip")
SOURCES = ("doc-text", "doc-text", "doc-example", "error", "edge", "edge", "property", "upstream")
FAILURES = (
    {"kind": "dtype", "got": "int64", "expected": "int32"},
    {"kind": "dtype", "got": "bool", "expected": "uint8"},
    {"kind": "values", "of": "float32", "elements": ["ordinary"]},
    {"kind": "values", "of": "float32", "elements": ["nan"]},
    {"kind": "returned", "expected": ["Invalid_argument"], "got": "tensor"},
    {"kind": "raised", "got": "Invalid_argument"},
    {"kind": "crash", "exception": "OverflowError"},
)


def synthetic_results(directory: Path, cases: int, runs: int, seed: int = 0) -> list[Path]:
    rng = random.Random(seed)
    functions = [
        f"{ns}.{op}"
        for ns, groups in model.load_inventory().items()
        for ops in groups.values()
        for op in ops
    ]
    ids = [f"{functions[i % len(functions)]}/case {i}" for i in range(cases)]
    paths = []
    for k in range(runs):
        results = []
        for number, case_id in enumerate(ids):
            namespace, rest = case_id.split(".", 1)
            outcome = rng.choice(OUTCOMES)
            record = {
                "id": case_id,
                "namespace": namespace,
                "op": rest.split("/")[0],
                "section": "s",
                "source": SOURCES[number % len(SOURCES)],
                "dtypes": [rng.choice(["float32", "int8", "complex32", "bfloat16"])],
                "outcome": outcome,
                "message": "" if outcome == "pass" else "values differ: ...",
                "duration": 0.0001,
                "file": "spec/x.yaml",
                "line": 1,
                "examples": [],
                "readings": ["R3"] if number % 17 == 0 else [],
                "depends": ["nx.transpose"] if number % 11 == 0 else [],
            }
            if outcome in ("fail", "error"):
                record["failure"] = rng.choice(FAILURES)
                data = [rng.random() for _ in range(24)]
                tensor = {"tensor": {"dtype": "float32", "shape": [4, 6], "data": data}}
                record["details"] = {
                    "call": {
                        "namespace": namespace,
                        "op": record["op"],
                        "args": [tensor],
                        "kwargs": {},
                    },
                    "expected": tensor,
                    "actual": tensor,
                    "differ": [3, 7],
                    "note": None,
                }
            results.append(record)
        path = directory / f"impl{k}.json"
        path.write_text(
            json.dumps(
                {
                    "format": "nx-conformance-results/1",
                    "adapter": {"name": f"impl{k}", "version": "1"},
                    "spec": {"revision": "synthetic"},
                    "results": results,
                }
            )
        )
        paths.append(path)
    return paths


def browser_timings(page_path: Path) -> str:
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "browser: playwright not installed"
    if not Path(chromium).exists():
        return "browser: chromium not installed"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        metrics = page.context.new_cdp_session(page)
        metrics.send("Performance.enable")
        started = time.perf_counter()
        page.goto(page_path.as_uri(), wait_until="load")
        page.wait_for_selector("#failure-table tr.failure")
        loaded = time.perf_counter() - started
        busy = {m["name"]: m["value"] for m in metrics.send("Performance.getMetrics")["metrics"]}[
            "TaskDuration"
        ]
        started = time.perf_counter()
        page.select_option("#matrix-outcome", "bad")
        page.fill("#failure-search", "case 99")
        filtered = time.perf_counter() - started
        started = time.perf_counter()
        page.click("#matrix-table tr[data-function='nx.add'] td.cell")
        page.wait_for_selector("#function-page tr.case")
        opened = time.perf_counter() - started
        browser.close()
    return (
        f"browser: loaded and usable in {loaded:.2f} s ({busy:.2f} s of main-thread work); "
        f"filter + search in "
        f"{filtered * 1000:.0f} ms; a function page opens in {opened * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        paths = synthetic_results(Path(directory), args.cases, args.runs)
        started, cpu = time.perf_counter(), time.process_time()
        runs = read_runs(paths)
        report = model.build(runs)
        page = Path(directory) / "report.html"
        html.write(report, page)
        generated, cpu = time.perf_counter() - started, time.process_time() - cpu
        size = page.stat().st_size
        print(
            f"{args.cases} cases × {args.runs} implementations: report generated in "
            f"{cpu:.2f} s CPU ({generated:.2f} s wall), {size / 1e6:.1f} MB, "
            f"{len(report.failures)} failing cases"
        )
        print(browser_timings(page))


if __name__ == "__main__":
    main()
