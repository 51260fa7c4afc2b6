"""The real Nx through the wire protocol (the `ocaml-nx` adapters).

- The bundled spec on Nx 1.0.0~alpha1 (the `nx` namespace) and on 1.0.0~alpha3 (the `view`
  and `shape` namespaces) meets the committed baselines of `adapters/ocaml_nx/baselines/`:
  every case that does not pass is there with its category and reason, no new difference
  appears and no known failure has started to pass (`gate --strict --require-triage`);
- at least 95 % of those cases get a verdict other than `unsupported`, and every
  `unsupported` says why;
- the driver announces what its release has, maps OCaml's exceptions to the documented
  kinds, keeps live values, captures what Nx prints, and is built into the cache only;
- it builds and answers the `nx` namespace on alpha1, alpha2 and alpha3 alike, each call
  as the release types it: unsupported, saying why, where the release removed the function
  or retyped it so that the call no longer type-checks.

The Nx releases come from `nx-conformance setup ocaml-nx` (CI runs it from the pinned
archives). Without them these tests skip, saying so, unless `NX_CONFORMANCE_REAL=required`
(set by CI), where a missing Nx is a failure.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adapters import codec, ocaml_nx
from adapters import values as v
from adapters.base import Observe, Request, Status
from adapters.build import cache_root
from adapters.discovery import load_adapter
from conformance.cli import main

ROOT = Path(__file__).resolve().parent.parent
BASELINES = ROOT / "adapters" / "ocaml_nx" / "baselines"
SKIPS = ROOT / "adapters" / "ocaml_nx" / "skips"
REQUIRED = os.environ.get("NX_CONFORMANCE_REAL") == "required"

# What each gated release runs: its namespaces and the release whose documentation
# describes them.
GATED = {
    "1.0.0_alpha1": ("nx.*",),
    "1.0.0_alpha3": ("view.*", "shape.*"),
}


def _needs(release: str) -> pytest.MarkDecorator:
    """Skip when the release is not built here, unless CI requires the real Nx."""
    state = ocaml_nx.state(release)
    missing = state.startswith("missing") and not REQUIRED
    return pytest.mark.skipif(missing, reason=f"Nx {release} is not built here: {state}")


def _run(tmp_path: Path, release: str, selects: tuple[str, ...]) -> Path:
    results = tmp_path / f"{release}.json"
    argv = ["run", "--adapter", f"ocaml-nx@{release}", "--json", str(results), "-q"]
    for glob in selects:
        argv += ["--select", glob]
    skips = SKIPS / f"{release}.txt"  # outcomes that change from run to run, with why
    if skips.is_file():
        argv += ["--skip", str(skips)]
    assert main(argv) in (0, 1), "the run itself must complete"
    return results


@pytest.mark.parametrize(
    "release",
    [pytest.param(r, marks=_needs(r)) for r in GATED if (BASELINES / f"{r}.yaml").is_file()],
)
def test_the_real_nx_meets_its_triaged_baseline(tmp_path, release, capsys):
    results = _run(tmp_path, release, GATED[release])
    baseline = BASELINES / f"{release}.yaml"
    status = main(
        ["gate", "--baseline", str(baseline), str(results), "--strict", "--require-triage"]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    records = json.loads(results.read_text())["results"]
    unsupported = [r for r in records if r["outcome"] == "unsupported"]
    assert len(records) - len(unsupported) >= 0.95 * len(records)
    assert all(r["message"].strip() for r in unsupported), "every unsupported names its reason"


# Nx 1.0.0~alpha0 on its two backends: `Nx` (Nx_native) and the same frontend over Nx_c.
ALPHA0 = ("1.0.0_alpha0", "1.0.0_alpha0+c")
ALPHA0_SECTIONS = ROOT / "adapters" / "ocaml_nx" / "src" / "alpha0" / "sections.ml"


def _alpha0_removed() -> set[str]:
    """The documented functions alpha0 does not have (src/alpha0/sections.ml's list)."""
    import re

    text = ALPHA0_SECTIONS.read_text(encoding="utf-8").split("let all")[0]
    return set(re.findall(r'"([a-z_0-9]+)"', text.split("let removed", 1)[1]))


@pytest.mark.parametrize("name", [pytest.param(n, marks=_needs(n)) for n in ALPHA0])
def test_both_backends_of_alpha0_meet_their_triaged_baselines(tmp_path, name, capsys):
    """The `nx` cases on alpha0's native and C backends: every case that does not pass is
    triaged in its baseline; of the cases of the functions alpha0 has, on the dtypes it
    has (the others are not sent), at least 95 % are answered; a function alpha0 lacks is
    unsupported saying so, never emulated."""
    results = _run(tmp_path, name, ("nx.*",))
    status = main(
        [
            "gate",
            "--baseline",
            str(BASELINES / f"{name}.yaml"),
            str(results),
            "--strict",
            "--require-triage",
        ]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    records = json.loads(results.read_text())["results"]
    removed = _alpha0_removed()
    assert len(removed) == 76
    lacked = [r for r in records if r["op"] in removed]
    assert all(
        r["outcome"] == "unsupported"
        # its own name, or that of a function of a `call` argument (fftfreq for fftshift)
        and (r["message"].startswith("Nx 1.0.0~alpha0 has no ") or "dtype" in r["message"])
        for r in lacked
    )
    sent = [
        r
        for r in records
        if r["op"] not in removed
        and not (r["outcome"] == "unsupported" and "does not support dtype" in r["message"])
    ]
    answered = [r for r in sent if r["outcome"] != "unsupported"]
    assert len(answered) >= 0.95 * len(sent), f"{len(answered)} of {len(sent)} answered"


@pytest.mark.parametrize("name", [pytest.param(n, marks=_needs(n)) for n in ALPHA0])
def test_alpha0_is_called_as_it_types_each_call(name):
    adapter = load_adapter(f"ocaml-nx@{name}")
    try:
        assert adapter.name == f"ocaml-nx@{name}" and adapter.version == "1.0.0~alpha0"
        assert "bool" not in adapter.dtypes and "bfloat16" not in adapter.dtypes
        assert {"float16", "int", "nativeint", "complex64"} <= adapter.dtypes
        m = codec.tensor("float32", [2, 2], [1.0, 2.0, 3.0, 4.0])
        assert _call(adapter, "inv", m).message == "Nx 1.0.0~alpha0 has no inv"
        # ?axes is an int array in alpha0: the case's axes, written as alpha0 types them.
        summed = _call(adapter, "sum", m, axes=v.Ints((0,)))
        assert codec.tensor_data_list(summed.value) == [4.0, 6.0]
        # alpha0's index: R [start; stop] for R (start, stop), R [] for A; no masks.
        rows = codec.decode({"index": ["A", {"R": [0, 1]}]})
        sliced = _call(adapter, "slice", rows, m)
        assert sliced.status is Status.RESULT and codec.tensor_data_list(sliced.value) == [1.0, 3.0]
    finally:
        adapter.close()


@_needs("1.0.0_alpha1")
def test_the_driver_announces_its_release_and_answers_in_documented_kinds():
    adapter = load_adapter("ocaml-nx")
    try:
        assert adapter.name == "ocaml-nx@1.0.0_alpha1"
        assert adapter.version == "1.0.0~alpha1"
        assert adapter.namespaces == {"nx"}
        assert "complex16" in adapter.dtypes and "int" in adapter.dtypes
        assert adapter.handles
        ints = codec.tensor("int32", [2, 3], [1, 2, 3, 4, 5, 6])
        reply = adapter.call(Request("nx", "reshape", (v.Ints((4, 4)), ints), {}))
        assert reply.status is Status.ERROR and reply.error == "Invalid_argument"
        mixed = adapter.call(Request("nx", "add", (ints, codec.tensor("float32", [1], [1.0])), {}))
        assert mixed.status is Status.UNSUPPORTED
        assert "does not type-check in OCaml" in mixed.message
    finally:
        adapter.close()


RELEASES = ("1.0.0_alpha1", "1.0.0_alpha2", "1.0.0_alpha3")


def _call(adapter, op, *args, **kwargs):
    return adapter.call(Request("nx", op, args, kwargs))


@pytest.mark.parametrize("release", [pytest.param(r, marks=_needs(r)) for r in RELEASES])
def test_every_release_answers_the_nx_namespace_as_it_types_each_call(release):
    adapter = load_adapter(f"ocaml-nx@{release}")
    alpha = int(release[-1])
    try:
        assert adapter.version == release.replace("_", "~") and "nx" in adapter.namespaces
        a, b = (codec.tensor("int32", [3], d) for d in ([1, 2, 3], [10, 20, 30]))
        added = _call(adapter, "add", a, b)
        assert added.status is Status.RESULT
        assert codec.tensor_data_list(added.value) == [11, 22, 33]

        # where's condition is (int, uint8_elt) t in alpha1, (bool, bool_elt) t from alpha2 on.
        where = _call(adapter, "where", codec.tensor("uint8", [3], [1, 0, 1]), a, b)
        if alpha == 1:
            assert codec.tensor_data_list(where.value) == [1, 20, 3]
        else:
            assert where.status is Status.UNSUPPORTED
            assert "where's condition is a bool tensor, not uint8" in where.message

        # log is (float, 'a) t -> (float, 'a) t until alpha2; alpha3 types it on any tensor.
        log = _call(adapter, "log", a)
        assert (log.status is Status.UNSUPPORTED) == (alpha < 3), log.message
        if alpha < 3:
            assert "log takes a float tensor" in log.message

        # alpha3 removed the in-place forms and the samplers' ~seed.
        iadd = _call(adapter, "iadd", a, b)
        float32, shape, seed = map(codec.decode, ({"dtype": "float32"}, {"ints": [2]}, {"int": 1}))
        seeded = _call(adapter, "rand", float32, shape, seed=seed)
        if alpha < 3:
            assert iadd.status is Status.RESULT and seeded.status is Status.RESULT
        else:
            assert iadd.status is Status.UNSUPPORTED and seeded.status is Status.UNSUPPORTED
            assert iadd.message == "Nx 1.0.0~alpha3 has no iadd (removed in alpha3)"
            assert "rand takes no label ~seed" in seeded.message
    finally:
        adapter.close()


@_needs("1.0.0_alpha1")
def test_what_nx_prints_is_captured_off_the_protocol_channel():
    adapter = load_adapter("ocaml-nx")
    try:
        request = Request(
            "nx",
            "print",
            (codec.tensor("float32", [2], [1.5, -2.0]),),
            {},
            observe=frozenset({Observe.STDOUT}),
        )
        reply = adapter.call(request)
        assert reply.status is Status.RESULT
        assert "1.5" in reply.stdout and "-2" in reply.stdout
    finally:
        adapter.close()


@_needs("1.0.0_alpha3")
def test_the_driver_is_built_into_the_cache_never_the_source_tree():
    built = ocaml_nx.driver_path("1.0.0_alpha3")
    assert cache_root() in built.parents
    assert not any((ROOT / "adapters" / "ocaml_nx" / "src").rglob("_build"))
    assert ocaml_nx.driver_path("1.0.0_alpha3") == built  # reused, not rebuilt
    assert ocaml_nx.state("1.0.0_alpha3") == "built"


def test_without_any_nx_the_adapter_says_how_to_get_one(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("PATH", str(tmp_path))
    state = ocaml_nx.state()
    assert state.startswith("missing")
    assert "nx-conformance setup ocaml-nx --sources DIR" in state


# --- A result the driver cannot read is no raise of the op -------------------------------

INT4_2X3 = codec.tensor("int4", [2, 3], [-8, 7, 1, -2, 3, 0])


@_needs("1.0.0_alpha1")
def test_a_result_the_driver_cannot_read_is_its_own_error_not_the_ops_raise(tmp_path):
    """Nx 1.0.0~alpha1's transpose of an int4 tensor returns a view that Nx.to_array then
    cannot read (index out of bounds): the op returned, the driver's read failed.
    The reply says so under an undocumented name, so a case that expects the op to raise
    ends `error`, naming the read, instead of passing on a raise that never happened."""
    from conformance.cases import load_file
    from conformance.execute import Outcome, execute

    adapter = load_adapter("ocaml-nx")
    try:
        reply = _call(adapter, "transpose", INT4_2X3)
        assert reply.status is Status.ERROR, reply
        assert reply.error == "Driver_read_failed"
        assert reply.message.startswith("reading the result of nx.transpose failed: ")
        assert "Invalid_argument" in reply.message

        # What the op itself raises is still the op's raise, in its documented kind.
        raised = _call(adapter, "transpose", INT4_2X3, axes=v.Ints((0, 0)))
        assert raised.status is Status.ERROR and raised.error == "Invalid_argument"

        path = tmp_path / "transpose.yaml"
        path.write_text(
            "namespace: nx\nop: transpose\nsection: shape\n"
            "doc: an int4 transpose, expected (wrongly, for the test) to raise\n"
            "cases:\n"
            "  - name: int4 2x3 raises\n"
            "    source: edge\n"
            "    args:\n"
            "      - {tensor: {dtype: int4, shape: [2, 3], data: [-8, 7, 1, -2, 3, 0]}}\n"
            "    raises: {error: [Invalid_argument]}\n",
            encoding="utf-8",
        )
        cases, problems = load_file(path)
        assert not problems and len(cases) == 1
        verdict = execute(cases[0], adapter)
        assert verdict.outcome is Outcome.ERROR, verdict
        assert "reading the result of nx.transpose failed: Invalid_argument" in verdict.message

        # A case of the spec this hid: Nx reshapes a zero-size tensor to [2; 3] without
        # raising, and the result cannot be read; the case passed on the read's exception.
        zero_size = _finding("nx.reshape/zero-size to a non-empty shape raises")
        verdict = execute(zero_size, adapter)
        assert verdict.outcome is Outcome.ERROR, verdict
        assert "reading the result of nx.reshape failed: Invalid_argument" in verdict.message
    finally:
        adapter.close()


# --- Standalone reproducers of upstream findings ------------------------------------------


def _finding(case_id_glob: str, where=lambda case: True):
    from fnmatch import fnmatch

    from conformance.cases import load_spec

    spec = load_spec([ROOT / "spec" / "nx"], select=[case_id_glob])
    found = [c for c in spec.cases if fnmatch(c.id, case_id_glob) and where(c)]
    assert found, f"no case {case_id_glob}"
    return found[0]


# A sample of the root causes of Nx 1.0.0~alpha1's catalogue (baselines/1.0.0_alpha1.yaml),
# with the cases that show each: `findings` writes and runs one reproducer per cause.
SAMPLE_CAUSES = {
    "cmpge-cmple-are-negated-cmplt": "nx.cmpge/float32 with ±inf, 1 + 2^-23, NaN and signed zero",
    "logical-ops-are-bitwise-ops": "nx.logical_and/int32: non-zero values are true",
    "minimum-is-where-less-and-drops-nan": "nx.minimum/float64 NaN in either operand propagates",
}


@_needs("1.0.0_alpha1")
def test_findings_prints_the_causes_with_reproducers_that_show_the_difference(tmp_path, capsys):
    from conformance import reproducers
    from conformance.cases import load_spec

    results = _run(tmp_path, "1.0.0_alpha1", tuple(SAMPLE_CAUSES.values()))
    baseline = BASELINES / "1.0.0_alpha1.yaml"
    out_dir = tmp_path / "reproducers"
    argv = ["findings", str(results), "--baseline", str(baseline), "--reproducers", str(out_dir)]
    capsys.readouterr()
    assert main([*argv, "--run"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("ocaml-nx@1.0.0_alpha1: 3 root cause(s) explain 3 upstream")
    cases = {c.id: c for c in load_spec([ROOT / "spec"], select=list(SAMPLE_CAUSES.values())).cases}
    for cause, case_id in SAMPLE_CAUSES.items():
        block = printed.split(f". {cause}: ", 1)[1].split("\n\n", 1)[0]
        assert "contradicts nx.txt:" in block  # the passage, as document:line "words"
        assert f"(case {case_id})" in block
        program = reproducers.reproducer(cases[case_id], "1.0.0_alpha1")
        assert (out_dir / cause / "main.ml").read_text() == program.main_ml
        output = block.split("main.ml (case", 1)[1].split("\n", 1)[1]
        lines = [line.strip() for line in output.splitlines()]
        expected, got = lines[0], lines[1]
        assert expected == program.expected, block
        assert got.startswith("got:"), block
        # What Nx did is not what the documentation says.
        assert not _agrees(cases[case_id], got, "\n".join(lines[2:])), block


def _agrees(case, got: str, shown: str) -> bool:
    """Whether the program's output agrees with the case's expectation: a raise where it
    expects one, or the numbers `Nx.print` shows after "Data:" equal to the expected ones."""
    import math
    import re

    from conformance.cases import Expectation

    if got.startswith("got: raised"):
        return case.expectation is Expectation.RAISES
    if case.expectation is not Expectation.EXPECT or "Data:" not in shown:
        return False
    data = shown.split("Data:", 1)[1]
    numbers = [float(n) for n in re.findall(r"-?(?:inf|nan|\d+(?:\.\d*)?(?:e[-+]?\d+)?)", data)]
    want = [float(x) for x in _flat(codec.tensor_data_list(case.expect))]
    same = lambda a, b: a == b or (math.isnan(a) and math.isnan(b))  # noqa: E731
    return len(numbers) == len(want) and all(map(same, numbers, want))


def _flat(items):
    for x in items:
        yield from (_flat(x) if isinstance(x, list) else (x,))
