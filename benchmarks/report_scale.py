"""How the HTML report scales: 10 000 cases × 4 implementations.

    python -m benchmarks.report_scale [--cases N] [--runs K]

Writes K synthetic result files of N cases each (ids spread over the documented
functions; outcomes mixed — about 20 % failing with expected/actual tensors attached —
different per implementation), then measures generating the report from them, the
page's size, and, when Debian's chromium and Playwright are installed, the time the page
takes to load and become usable in headless Chromium, and to filter its matrix. One
run's figures; not asserted.
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
        for case_id in ids:
            namespace, rest = case_id.split(".", 1)
            outcome = rng.choice(OUTCOMES)
            record = {
                "id": case_id,
                "namespace": namespace,
                "op": rest.split("/")[0],
                "section": "s",
                "source": "edge",
                "dtypes": [rng.choice(["float32", "int8", "complex32", "bfloat16"])],
                "outcome": outcome,
                "message": "" if outcome == "pass" else "values differ: ...",
                "duration": 0.0001,
                "file": "spec/x.yaml",
                "line": 1,
                "examples": [],
            }
            if outcome in ("fail", "error"):
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
        started = time.perf_counter()
        page.goto(page_path.as_uri(), wait_until="load")
        page.wait_for_selector("#failure-table tr.failure")
        loaded = time.perf_counter() - started
        started = time.perf_counter()
        page.select_option("#matrix-outcome", "bad")
        page.fill("#failure-search", "case 99")
        filtered = time.perf_counter() - started
        browser.close()
    return (
        f"browser: loaded and usable in {loaded:.2f} s; filter + search in {filtered * 1000:.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=4)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        paths = synthetic_results(Path(directory), args.cases, args.runs)
        started = time.perf_counter()
        runs = read_runs(paths)
        report = model.build(runs)
        page = Path(directory) / "report.html"
        html.write(report, page)
        generated = time.perf_counter() - started
        size = page.stat().st_size
        print(
            f"{args.cases} cases × {args.runs} implementations: report generated in "
            f"{generated:.2f} s, {size / 1e6:.1f} MB, {len(report.failures)} failing cases"
        )
        print(browser_timings(page))


if __name__ == "__main__":
    main()
