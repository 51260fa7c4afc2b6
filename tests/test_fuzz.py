"""Differential fuzzing: a planted disagreement is found, shrunk, written as a valid case
file, and that file fails on the planted implementation and passes on the reference."""

from __future__ import annotations

from adapters.reference.adapter import ReferenceAdapter
from adapters.values import Call, TensorValue, walk
from conformance import fuzz
from conformance.cases import bundled_spec, load_spec
from conformance.execute import Outcome
from conformance.runner import run_cases
from tests.fakes import SaturatingFull


def bundled_cases():
    return load_spec([bundled_spec()]).cases


def test_a_planted_disagreement_round_trips_into_a_failing_case(tmp_path):
    report = fuzz.fuzz(bundled_cases(), SaturatingFull(), ReferenceAdapter(), ops=["full"],
                       examples=150, seed=1)
    assert [f"{f.template.namespace}.{f.template.op}" for f in report.findings] == ["nx.full"]
    finding = report.findings[0]
    assert "int" in finding.request.args[0].dtype.name  # shrunk to an integer dtype
    assert fuzz.write_findings(report, tmp_path, "saturating-full", "reference")
    spec = load_spec([tmp_path])
    assert spec.problems == [] and len(spec.cases) == 1
    assert spec.cases[0].source.value == "fuzz"
    [on_planted] = run_cases(spec.cases, "tests.fakes:SaturatingFull")
    [on_reference] = run_cases(spec.cases, "reference")
    assert on_planted.outcome is Outcome.FAIL
    assert on_reference.outcome is Outcome.PASS


def test_an_implementation_agrees_with_itself():
    report = fuzz.fuzz(bundled_cases(), ReferenceAdapter(), ReferenceAdapter(),
                       ops=["zeros", "eye", "arange", "diag"], examples=30, seed=2)
    assert report.findings == []
    assert set(report.agreed) == {"nx.zeros", "nx.eye", "nx.arange", "nx.diag"}
    assert all(count > 0 for count in report.agreed.values())


def test_the_inputs_vary_values_dtypes_and_contiguity():
    from hypothesis import given, settings

    templates = fuzz.templates_by_op(bundled_cases())["nx.diag"]
    seen = {"flip": 0, "dtypes": set()}

    @settings(max_examples=80, database=None, deadline=None)
    @given(fuzz.requests_for(templates))
    def collect(drawn):
        _, request = drawn
        for value in walk(request.args[0]):
            if isinstance(value, Call) and value.op == "flip":
                seen["flip"] += 1
            if isinstance(value, TensorValue):
                seen["dtypes"].add(value.dtype.name)

    collect()
    assert seen["flip"] > 0 and len(seen["dtypes"]) > 1


def test_a_reproducer_that_would_not_validate_is_not_written(tmp_path):
    """numpy's answer 2^62 in a tensor of dtype `int` (OCaml's 63 bits) is no value of
    that dtype: no case file that validate would refuse is left behind."""
    from dataclasses import replace

    import numpy as np

    from adapters.base import Reply, Status
    from reference.dtypes import by_name

    report = fuzz.fuzz(bundled_cases(), SaturatingFull(), ReferenceAdapter(), ops=["full"],
                       examples=150, seed=1)
    [finding] = report.findings
    wide = TensorValue(by_name("int"), (1,), np.array([2**62], dtype=np.int64))
    too_big = replace(finding, theirs=Reply(Status.RESULT, value=wide))
    report.findings = [too_big]
    [written] = fuzz.write_findings(report, tmp_path, "saturating-full", "numpy")
    assert isinstance(written, str) and written.startswith("not written: numpy's answer")
    assert load_spec([tmp_path]).problems == [] and not list(tmp_path.rglob("*.yaml"))


def test_the_op_option_takes_several_ops(tmp_path, capsys):
    from conformance.cli import main

    argv = ["fuzz", "--adapter", "reference", "--against", "reference", "--examples", "5",
            "--out", str(tmp_path), "--op", "zeros", "eye", "--op", "arange"]
    assert main(argv) == 0
    assert "0 op(s) disagree, 3 agree" in capsys.readouterr().out
