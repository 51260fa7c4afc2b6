"""The HTML report as a person uses it, in a real headless Chromium (Playwright).

The report of two implementations (the reference, and one whose `ones` is wrong) is
opened from disk: the matrix renders, filtering, search and sorting work, a failing
case's drill-down shows expected vs actual with the differing element marked, and a case
named like a script never runs. Screenshots go to the test artifacts directory
(`NX_TEST_ARTIFACTS`, default `out/test-artifacts`).
"""

from __future__ import annotations

import os
import shutil
import textwrap
from pathlib import Path

import pytest

from conformance.cli import main

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian chromium is not installed")
ARTIFACTS = Path(os.environ.get("NX_TEST_ARTIFACTS", Path(__file__).resolve().parent.parent / "out" / "test-artifacts"))

SPEC = """\
op: zeros
section: creation
cases:
  - name: zeros stays zeros
    source: doc-text
    args: [{dtype: int32}, {ints: [2]}]
    expect: {tensor: {dtype: int32, shape: [2], data: [0, 0]}}
  - name: ones are ones
    op: ones
    source: doc-text
    args: [{dtype: int32}, {ints: [2, 3]}]
    expect: {tensor: {dtype: int32, shape: [2, 3], data: [1, 1, 1, 1, 1, 1]}}
  - name: "<script>window.__pwned = 1</script>"
    source: edge
    args: [{dtype: float32}, {ints: [1]}]
    expect: {tensor: {dtype: float32, shape: [1], data: [5]}}
  - name: <img src=x onerror="window.__pwned = 2">
    op: ones
    source: edge
    args: [{dtype: float32}, {ints: [1]}]
    expect: {tensor: {dtype: float32, shape: [1], data: [7]}}
"""


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("report")
    spec = root / "spec"
    spec.mkdir()
    (spec / "cases.yaml").write_text(textwrap.dedent(SPEC))
    results = []
    for name, adapter in (("reference", "reference"), ("wrong", "tests.fakes:WrongOnes")):
        results.append(root / f"{name}.json")
        main(["run", "--spec", str(spec), "--adapter", adapter, "--json", str(results[-1]), "-q"])
    page = root / "report.html"
    assert main(["report", *map(str, results), "--html", str(page)]) == 0
    return page


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, report):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(report.as_uri())
    page.requests = requests
    yield page
    context.close()


def visible_functions(page) -> list[str]:
    return page.eval_on_selector_all(
        "#matrix-table tbody tr:not(.hidden)", "rows => rows.map(r => r.dataset.function)")


def test_the_matrix_renders_every_documented_function_for_both_implementations(page):
    headers = page.eval_on_selector_all("#matrix-table thead th", "ths => ths.map(t => t.textContent)")
    assert headers[2:] == ["reference", "wrong-ones"]
    assert len(visible_functions(page)) > 300
    ones = page.locator("#matrix-table tr[data-function='nx.ones'] td.cell")
    assert ones.nth(0).text_content() == "1/2" and ones.nth(1).text_content() == "0/2"
    assert "st-fail" in ones.nth(1).get_attribute("class")
    assert page.requests == [page.url]  # nothing fetched from the network


def test_filtering_search_and_sorting_work(page):
    page.select_option("#matrix-outcome", "bad")
    assert set(visible_functions(page)) == {"nx.ones", "nx.zeros"}
    page.select_option("#matrix-outcome", "")
    page.fill("#matrix-search", "zeros_l")
    assert visible_functions(page) == ["nx.zeros_like"]
    page.fill("#matrix-search", "")
    page.click("#matrix-table th[data-key='function']")
    first = visible_functions(page)[:3]
    assert first == sorted(first)
    page.click("#matrix-table th[data-key='function']")
    assert visible_functions(page)[0] > visible_functions(page)[-1]


def test_a_failing_case_drills_down_to_expected_vs_actual(page):
    page.select_option("#failure-run", "1")
    page.fill("#failure-search", "ones are ones")
    rows = page.locator("#failure-table tr.failure")
    assert rows.count() == 1
    rows.first.click()
    drill = page.locator("#failure-table tr.drill")
    text = drill.text_content()
    assert "nx.ones int32 [|2; 3|]" in text
    assert "Expected" in text and "Actual" in text
    assert drill.locator(".differ").count() == 12  # 6 differing elements, on both sides
    assert "cases.yaml:8" in text
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-drill-down.png"), full_page=True)


def test_case_text_that_looks_like_markup_never_runs(page):
    page.fill("#failure-search", "pwned")
    rows = page.locator("#failure-table tr.failure")
    assert rows.count() >= 2
    for i in range(rows.count()):
        rows.nth(i).click()
    assert page.locator("#failure-table").text_content().count("<script>window.__pwned = 1</script>") >= 1
    assert page.evaluate("window.__pwned") is None
    assert page.dialogs == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-escaping.png"))
