"""The HTML report as a person uses it, in a real headless Chromium (Playwright).

The report of three implementations (the reference, one whose `ones` is wrong, one
without float16) is opened from disk: the matrix renders, filtering, search and sorting
work, a failing case's drill-down shows expected vs actual with the differing element
marked, and a case named like a script never runs. Then what a backend author triages
with: the causes of failure and a cause expanded to its cases; documented behaviour read
apart from the suite's readings; a matrix cell opening the function's page with the
documentation's text; all-unsupported cells unlike failing ones; case paths relative to
the spec root, linked to a repository; and three releases of one implementation side by
side. Screenshots go to the test artifacts directory (`NX_TEST_ARTIFACTS`, default
`out/test-artifacts`).
"""

from __future__ import annotations

import json
import os
import shutil
import textwrap
from pathlib import Path

import pytest

from conformance.cli import main

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason="Debian chromium is not installed"
)
ARTIFACTS = Path(
    os.environ.get(
        "NX_TEST_ARTIFACTS", Path(__file__).resolve().parent.parent / "out" / "test-artifacts"
    )
)

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
  - name: eye int32 3
    op: eye
    source: doc-example
    meta: {examples: ["nx.txt:211"]}
    args: [{dtype: int32}, {int: 3}]
    expect: {tensor: {dtype: int32, shape: [3, 3], data: [1, 0, 0, 0, 1, 0, 0, 0, 1]}}
  - name: the last step inside the range is kept
    op: arange
    source: edge
    meta: {readings: [R1], errata: [nx.arange]}
    args: [{dtype: int32}, {int: 0}, {int: 9}, {int: 2}]
    expect: {tensor: {dtype: int32, shape: [5], data: [0, 2, 4, 6, 8]}}
  - name: float16 fill
    op: full
    source: doc-text
    args: [{dtype: float16}, {ints: [2]}, {float: 1.5}]
    expect: {tensor: {dtype: float16, shape: [2], data: [1.5, 1.5]}}
"""
IMPLEMENTATIONS = (
    ("reference", "reference"),
    ("wrong", "tests.fakes:WrongOnes"),
    ("no-float16", "tests.fakes:NoFloat16"),
)
REPO = "https://example.org/nx-conformance/blob/main"


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("report")
    spec = root / "spec"
    spec.mkdir()
    (spec / "cases.yaml").write_text(textwrap.dedent(SPEC))
    paths = {}
    for name, adapter in IMPLEMENTATIONS:
        paths[name] = root / f"{name}.json"
        main(["run", "--spec", str(spec), "--adapter", adapter, "--json", str(paths[name]), "-q"])
    return paths


@pytest.fixture(scope="module")
def report(results) -> Path:
    page = results["reference"].parent / "report.html"
    assert (
        main(["report", *map(str, results.values()), "--html", str(page), "--repo-url", REPO]) == 0
    )
    return page


@pytest.fixture(scope="module")
def releases(results) -> Path:
    """Three releases of one implementation: the first without float16 and with `ones`
    wrong, the second right, the third raising on `zeros`."""
    root = results["reference"].parent
    spec = root / "spec"
    paths = []
    for version, adapter in (("1.0.0~alpha1", "tests.fakes:WrongOnesNoFloat16"),
                             ("1.0.0~alpha2", "reference"),
                             ("1.0.0~alpha3", "tests.fakes:RaisesPythonError")):  # fmt: skip
        path = root / f"mybackend-{version}.json"
        main(["run", "--spec", str(spec), "--adapter", adapter, "--json", str(path), "-q"])
        document = json.loads(path.read_text())
        document["adapter"] = {"name": "mybackend", "version": version}
        path.write_text(json.dumps(document))
        paths.append(path)
    page = root / "releases.html"
    assert main(["report", *map(str, paths), "--html", str(page)]) == 0
    return page


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield chromium
        chromium.close()


def open_page(browser, path: Path):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.dialogs, page.errors = [], []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(path.as_uri())
    page.requests = requests
    return context, page


@pytest.fixture
def page(browser, report):
    context, page = open_page(browser, report)
    yield page
    assert page.errors == []
    context.close()


def screenshot(page, name: str, selector: str | None = None) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    target = page.locator(selector) if selector else page
    target.screenshot(path=str(ARTIFACTS / name))


def visible_functions(page) -> list[str]:
    return page.eval_on_selector_all(
        "#matrix-table tbody tr:not(.hidden)", "rows => rows.map(r => r.dataset.function)"
    )


def test_the_matrix_renders_every_documented_function_for_both_implementations(page):
    headers = page.eval_on_selector_all(
        "#matrix-table thead th", "ths => ths.map(t => t.textContent)"
    )
    assert headers[2:] == ["reference", "wrong-ones", "no-float16"]
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
    assert (
        page.locator("#failure-table").text_content().count("<script>window.__pwned = 1</script>")
        >= 1
    )
    assert page.evaluate("window.__pwned") is None
    assert page.dialogs == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "report-escaping.png"))
    # The same names in the causes, expanded, and on the function pages, every case opened.
    for head in page.locator("#causes-list .cause-head").all():
        head.click()
    assert "<script>window.__pwned = 1</script>" in page.locator("#causes-list").text_content()
    for function in ("nx.zeros", "nx.ones"):
        page.goto(page.url.split("#")[0] + "#fn=" + function)
        for row in page.locator("#function-page tr.case").all():
            row.click()
    assert "onerror" in page.locator("#function-page").text_content()
    assert page.evaluate("window.__pwned") is None
    assert page.dialogs == []


# --- Triage ------------------------------------------------------------------------------------


def test_the_causes_section_lists_each_implementations_failures_by_cause(page):
    assert page.locator("#causes-list .cause").count() == 1  # the reference: the two planted cases
    page.select_option("#causes-run", "1")
    heads = page.locator("#causes-list .cause-head").all_text_contents()
    assert heads == [
        "2 (66.7%)values differ at ordinary elements (float)",
        "1 (33.3%)values differ at ordinary elements (integer)",
    ]
    assert page.locator("#causes-summary").text_content() == (
        "2 causes for 3 failing or erroring cases; the 2 biggest cover 80 % of them"
    )
    assert "functions: nx.ones ×1" in page.locator("#causes-list .cause").nth(1).text_content()
    screenshot(page, "report-causes.png", "#causes")


def test_expanding_a_cause_shows_how_it_shows_and_its_cases(page):
    page.select_option("#causes-run", "1")
    cause = page.locator("#causes-list .cause").nth(1)
    body = cause.locator(".cause-body")
    assert not body.is_visible()
    cause.locator(".cause-head").click()
    assert body.is_visible()
    assert "int32 ×1" in body.text_content()  # how it shows: the dtype of the differing values
    assert "doc-text ×1" in body.text_content()
    assert body.locator("a.fn").all_text_contents() == ["nx.ones/ones are ones"]
    screenshot(page, "report-cause-expanded.png", "#causes")
    body.locator("button", has_text="list these in the failing cases").click()
    assert page.locator("#failure-run").input_value() == "1"
    assert page.locator("#failure-cause").input_value() == "1"
    assert (
        page.locator("#failure-table tr.failure")
        .all_text_contents()[0]
        .startswith("wrong-onesnx.ones/ones are ones")
    )
    body.locator("a.fn").click()
    sync_api.expect(page.locator("#function-page h2")).to_have_text("nx.ones")
    assert page.locator("#function-page tr.drill").count() == 1  # that case, opened
    assert "wrong-ones: fail" in page.locator("#function-page tr.drill").text_content()


def test_documented_behaviour_is_read_apart_from_the_suites_readings(page):
    card = page.locator(".card[data-run='1']")
    rates = {
        row.get_attribute("data-group"): row.text_content()
        for row in card.locator("tr.group-rate").all()
    }
    assert "documented behaviour" in rates["documented"] and "75.0%" in rates["documented"]  # 3/4
    assert "the suite's readings" in rates["ours"] and "33.3%" in rates["ours"]  # 1/3
    assert "no cases" in rates["ieee"]  # IEEE 754 where the documentation is silent
    ones = page.locator("#matrix-table tr[data-function='nx.ones'] td.cell").nth(1)
    assert ones.text_content() == "0/2"
    page.select_option("#matrix-view", "documented")
    assert ones.text_content() == "0/1"
    page.select_option("#matrix-view", "ours")
    assert ones.text_content() == "0/1"
    arange = page.locator("#matrix-table tr[data-function='nx.arange'] td.cell").nth(1)
    assert arange.text_content() == "1/1"
    page.select_option("#matrix-view", "documented")
    assert arange.text_content() == "–"  # its only case is the suite's reading
    screenshot(page, "report-documented-vs-ours.png", "#headline")


def test_a_matrix_cell_opens_the_function_page_with_the_documentations_text(page):
    page.locator("#matrix-table tr[data-function='nx.eye'] td.cell").nth(1).click()
    function = page.locator("#function-page")
    # Pages open on the hashchange event, which the browser fires after the click returns.
    sync_api.expect(function.locator("h2")).to_have_text("nx.eye")
    assert function.is_visible() and page.url.endswith("#fn=nx.eye")
    assert function.locator("h2").text_content() == "nx.eye"
    text = function.text_content()
    assert "val eye : ?m:int -> ?k:int -> ('a, 'b) dtype -> int -> ('a, 'b) t" in text
    assert "eye ?m ?k dtype n creates matrix with ones on k-th diagonal." in text
    example = function.locator(".example[data-example='nx.txt:211']")
    assert "# eye int32 3" in example.text_content()
    assert "encoded by: eye int32 3" in example.text_content()  # the case that encodes it
    assert example.locator(".outcome").all_text_contents() == ["pass", "pass", "pass"]
    assert function.locator("tr.case").count() == 1
    screenshot(page, "report-function-page.png", "#function-page")
    page.go_back()
    sync_api.expect(function).to_be_hidden()
    page.locator("#matrix-table a.fn[href='#fn=nx.arange']").click()
    sync_api.expect(function.locator("h2")).to_have_text("nx.arange")
    notes = function.locator(".note")
    assert notes.count() == 2  # the reading and the erratum the case follows
    assert "Erratum nx.arange" in notes.nth(1).text_content()
    assert "both that it" in notes.nth(1).text_content()  # spec/ERRATA.md's text
    tags = function.locator("tr.case .tag").all_text_contents()
    assert tags == ["edge · reading", "reading R1", "erratum nx.arange"]  # source · basis


def test_a_cell_with_only_unsupported_cases_is_unlike_a_failing_one(page):
    unsupported = page.locator("#matrix-table tr[data-function='nx.full'] td.cell").nth(2)
    failing = page.locator("#matrix-table tr[data-function='nx.ones'] td.cell").nth(1)
    assert "st-unsupported" in unsupported.get_attribute("class")
    assert (
        unsupported.text_content() == "n/a"
        and unsupported.get_attribute("title") == "1 unsupported"
    )
    style = (
        "el => getComputedStyle(el).backgroundImage + ' ' + getComputedStyle(el).backgroundColor"
    )
    assert unsupported.evaluate(style) != failing.evaluate(style)
    assert "gradient" in unsupported.evaluate(style)
    page.select_option("#matrix-outcome", "unsupported")
    assert visible_functions(page) == ["nx.full"]
    screenshot(page, "report-unsupported-cell.png", "#matrix")


def test_case_paths_are_relative_to_the_spec_root_and_link_to_the_repository(page, report):
    html = report.read_text()
    assert str(report.parent) not in html and str(Path.cwd()) not in html
    page.select_option("#failure-run", "1")
    page.fill("#failure-search", "ones are ones")
    page.locator("#failure-table tr.failure").first.click()
    link = page.locator("#failure-table tr.drill a.mono")
    assert link.text_content() == "spec/cases.yaml:8"
    assert link.get_attribute("href") == REPO + "/spec/cases.yaml#L8"
    screenshot(page, "report-relative-paths.png", "#failures")


def test_releases_side_by_side_show_what_each_release_changed(browser, releases):
    context, page = open_page(browser, releases)
    try:
        assert page.locator("#releases h3").text_content() == (
            "mybackend: mybackend 1.0.0~alpha1 → mybackend 1.0.0~alpha2 → mybackend 1.0.0~alpha3"
        )
        steps = page.locator("#releases h4").all_text_contents()
        assert (
            "1 fixed" in steps[0] and "1 newly answered" in steps[0] and "0 regressed" in steps[0]
        )
        assert "1 regressed" in steps[1] and "1 changed failure" in steps[1]
        first = page.locator("#releases table.release-step").first
        assert first.locator("tr[data-function='nx.ones'] td.change-fixed").text_content() == "1"
        assert first.locator("tr[data-function='nx.full'] td.change-answered").text_content() == "1"
        second = page.locator("#releases table.release-step").nth(1)
        assert (
            second.locator("tr[data-function='nx.zeros'] td.change-regressed").text_content() == "1"
        )
        screenshot(page, "report-releases.png", "#releases")
        second.locator("a.fn", has_text="nx.zeros").click()
        sync_api.expect(page.locator("#function-page h2")).to_have_text("nx.zeros")
        changes = page.locator("#function-page table.page-changes").last
        assert "regressed" in changes.text_content() and "pass → error" in changes.text_content()
        assert page.errors == []
    finally:
        context.close()
