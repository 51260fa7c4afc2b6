"""The case format's means for the order of authority (spec/AUTHORING.md): a case states its
basis and cites the passage it answers to (validated against spec/documents/), accepts any of
several outcomes where a reading leaves the choice open, and may leave the sign of a zero
unchecked."""

from __future__ import annotations

import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from conformance import citations
from conformance.cases import Basis, Expectation, load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases

ARGS = """
          args:
            - {tensor: {dtype: float32, shape: [2], data: [-1, 2]}}
            - {tensor: {dtype: float32, shape: [2], data: [1, 1]}}"""  # indented as a case's fields


def load(tmp_path: Path, cases: str):
    (tmp_path / "cases.yaml").write_text("op: cmpge\ncases:\n" + textwrap.dedent(cases))
    return load_spec([tmp_path])


def outcomes(tmp_path: Path, cases: str) -> dict[str, Outcome]:
    spec = load(tmp_path, cases)
    assert spec.problems == []
    return {r.id.split("/", 1)[1]: r.outcome for r in run_cases(spec.cases, "reference")}


def test_a_citation_holds_when_the_line_begins_the_quoted_words():
    assert citations.problem("nx.txt:1317", "returns 1 where t1 ≥ t2, 0 elsewhere.") is None
    # The quote may run on into the next lines (the rendered page breaks sentences).
    assert citations.problem("nx.txt:1318", "greater_equal t1 t2 is synonym for cmpge") is None


@pytest.mark.parametrize(
    "at, quote, says",
    [
        ("nx.txt:1316", "returns 1 where t1 ≥ t2", "that line reads 'cmpge t1 t2'"),
        ("nx.txt:1316", "returns 1 where t1 > t2", "that line reads"),
        ("nx.txt:999999", "anything", "nx.txt has"),
        ("seed.txt:3", "anything", "no document 'seed.txt'"),
    ],
)
def test_a_citation_that_does_not_hold_says_what_the_line_reads(at, quote, says):
    assert says in citations.problem(at, quote)


def test_citations_in_free_text_are_found():
    text = 'Nx gives 1; nx.txt:1317 "returns 1 where t1 ≥ t2" says 0 for NaN.'
    assert citations.in_text(text) == [("nx.txt:1317", "returns 1 where t1 ≥ t2")]


def test_a_case_with_a_wrong_citation_is_a_problem_of_its_line(tmp_path):
    spec = load(
        tmp_path,
        f"""\
        - name: cited wrongly
          basis: documentation
          cites: [{{at: "nx.txt:1316", quote: "returns 1 where t1 > t2"}}]{ARGS}
          expect: {{tensor: {{dtype: uint8, shape: [2], data: [0, 1]}}}}
        """,
    )
    # line 5 of the file: `cites:` (after `op:`, `cases:`, `- name:`, `basis:`)
    assert [(p.line, "cites nx.txt:1316" in p.message) for p in spec.problems] == [(5, True)]


def test_basis_is_stated_or_implied_by_the_source(tmp_path):
    spec = load(
        tmp_path,
        f"""\
        - name: stated
          source: edge
          basis: ieee{ARGS}
          expect: {{tensor: {{dtype: uint8, shape: [2], data: [0, 1]}}}}
        - name: documented source
          source: doc-text{ARGS}
          expect: {{tensor: {{dtype: uint8, shape: [2], data: [0, 1]}}}}
        - name: reading source
          source: edge{ARGS}
          expect: {{tensor: {{dtype: uint8, shape: [2], data: [0, 1]}}}}
        """,
    )
    assert [c.basis for c in spec.cases] == [Basis.IEEE, Basis.DOCUMENTATION, Basis.READING]


def test_an_unknown_basis_is_refused(tmp_path):
    spec = load(
        tmp_path,
        f"""\
        - name: made up
          basis: nx-does-it{ARGS}
          expect: {{tensor: {{dtype: uint8, shape: [2], data: [0, 1]}}}}
        """,
    )
    assert "unknown basis 'nx-does-it'" in spec.problems[0].message


def test_any_of_passes_on_any_accepted_outcome_and_fails_on_none(tmp_path):
    got = outcomes(
        tmp_path,
        f"""\
        - name: the value is accepted{ARGS}
          any_of:
            - {{raises: {{error: Invalid_argument}}}}
            - {{expect: {{tensor: {{dtype: uint8, shape: [2], data: [0, 1]}}}}}}
        - name: the raise is accepted
          args:
            - {{tensor: {{dtype: float32, shape: [2], data: [1, 2]}}}}
            - {{tensor: {{dtype: float32, shape: [3], data: [1, 1, 1]}}}}
          any_of:
            - {{expect: {{tensor: {{dtype: uint8, shape: [2], data: [1, 1]}}}}}}
            - {{raises: {{error: Invalid_argument}}}}
        - name: neither holds{ARGS}
          any_of:
            - {{expect: {{tensor: {{dtype: uint8, shape: [2], data: [1, 1]}}}}}}
            - {{raises: {{error: Invalid_argument}}}}
        """,
    )
    assert got == {
        "the value is accepted": Outcome.PASS,
        "the raise is accepted": Outcome.PASS,
        "neither holds": Outcome.FAIL,
    }


def test_a_failed_any_of_says_what_was_accepted_and_what_differs(tmp_path):
    spec = load(
        tmp_path,
        f"""\
        - name: neither holds{ARGS}
          any_of:
            - {{expect: {{tensor: {{dtype: uint8, shape: [2], data: [1, 1]}}}}}}
            - {{raises: {{error: Invalid_argument}}}}
        """,
    )
    assert spec.cases[0].expectation is Expectation.ANY_OF
    [result] = run_cases(spec.cases, "reference")
    assert result.message.startswith("none of the accepted outcomes (returns the expected value;")
    assert "at [0]: got 0, expected 1" in result.message


def test_any_of_needs_two_outcomes(tmp_path):
    spec = load(
        tmp_path,
        f"""\
        - name: one{ARGS}
          any_of:
            - {{raises: {{error: Invalid_argument}}}}
        """,
    )
    assert spec.problems and "too short" in spec.problems[0].message


def test_zero_sign_any_accepts_either_zero_and_exact_does_not(tmp_path):
    (tmp_path / "neg.yaml").write_text(
        textwrap.dedent(
            """\
            op: neg
            cases:
              - name: either sign
                args: [{tensor: {dtype: float32, shape: [2], data: [0.0, 1.5]}}]
                expect: {tensor: {dtype: float32, shape: [2], data: [0.0, -1.5]}}
                tol: {exact: true, zero_sign: any}
              - name: either sign, still exact
                args: [{tensor: {dtype: float32, shape: [1], data: [1.5]}}]
                expect: {tensor: {dtype: float32, shape: [1], data: [-1.5000001]}}
                tol: {exact: true, zero_sign: any}
              - name: exact sign
                args: [{tensor: {dtype: float32, shape: [1], data: [0.0]}}]
                expect: {tensor: {dtype: float32, shape: [1], data: [0.0]}}
                tol: exact
            """
        )
    )
    spec = load_spec([tmp_path])
    assert spec.problems == []
    got = {r.id.split("/", 1)[1]: r.outcome for r in run_cases(spec.cases, "reference")}
    assert got == {
        "either sign": Outcome.PASS,
        "either sign, still exact": Outcome.FAIL,
        "exact sign": Outcome.FAIL,
    }


def test_a_baseline_keeps_the_basis_and_triages_a_cited_failure_from_its_own_evidence(tmp_path):
    from reports import baseline as baselines
    from reports.runs import run_of

    failing = {
        "id": "nx.cmpge/NaN is unordered",
        "namespace": "nx",
        "op": "cmpge",
        "outcome": "fail",
        "basis": "ieee",
        "message": "values differ: 1 of 2 element(s) of uint8 [2] (compared exactly)\n"
        "  at [0]: got 1, expected 0",
        "cites": ['nx.txt:1317 "returns 1 where t1 ≥ t2, 0 elsewhere."'],
    }
    uncited = {**failing, "id": "nx.cmpge/uncited", "cites": []}
    run = run_of({"adapter": {"name": "x"}}, [failing, uncited])
    written = baselines.baseline_of(run, triage_cited=True)
    cited, plain = written.cases["nx.cmpge/NaN is unordered"], written.cases["nx.cmpge/uncited"]
    assert cited.basis == "ieee" and cited.category is baselines.Category.UPSTREAM
    assert cited.reason.startswith("values differ: 1 of 2 element(s)")
    assert "at [0]: got 1, expected 0" in cited.reason  # this case's own evidence
    assert (
        'IEEE 754, where the documentation is silent on it, for nx.txt:1317 "returns 1 where t1'
        in cited.reason
    )
    assert citations.in_text(cited.reason) == [
        ("nx.txt:1317", "returns 1 where t1 ≥ t2, 0 elsewhere.")
    ]
    assert not plain.triaged  # nothing to cite: left to a person
    baselines.write_baseline(written, tmp_path / "b.yaml")
    again = baselines.read_baseline(tmp_path / "b.yaml")
    assert again.cases["nx.cmpge/NaN is unordered"] == replace(cited, message=None)


def test_an_accepted_outcome_may_be_checked_by_properties(tmp_path):
    (tmp_path / "zeros.yaml").write_text(
        textwrap.dedent(
            """\
            op: zeros
            cases:
              - name: zeros or a refusal
                args: [{dtype: float32}, {ints: [3]}]
                any_of:
                  - {raises: {error: Invalid_argument}}
                  - properties:
                      - {check: shape_is, shape: [3]}
                      - {check: in_range, low: 0, high: 1}
              - name: neither
                args: [{dtype: float32}, {ints: [3]}]
                any_of:
                  - {raises: {error: Invalid_argument}}
                  - properties: [{check: in_range, low: 1, high: 2}]
            """
        )
    )
    spec = load_spec([tmp_path])
    assert spec.problems == []
    results = {r.id.split("/", 1)[1]: r for r in run_cases(spec.cases, "reference")}
    assert results["zeros or a refusal"].outcome is Outcome.PASS
    assert results["neither"].outcome is Outcome.FAIL
    assert "in_range: 3 of 3 element(s) of out are not in [1, 2)" in results["neither"].message
