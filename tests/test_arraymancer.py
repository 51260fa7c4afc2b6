"""The `arraymancer` cases on the real Arraymancer 195c75d4 (the `arraymancer` adapter).

- every `arraymancer.*` case ends as the committed baseline says: `gate --strict
  --require-triage` on it passes (each known failure fails the same way, with its
  category and reason);
- the cases not answered are exactly the baseline's `inexpressible` ones, each with its
  reason (the answered share is printed);
- random calls on documented inputs get the same answer from Arraymancer and from the
  reference (values, refusals, storage sharing);
- storage sharing is observed on the real tensors; a Nim Defect is a crash of one call
  (answered under its own name, the case's `error`), never a refusal, and the driver goes
  on; only Arraymancer's designed checks (ValueError) are refusals (Invalid_argument);
  minifloat data written as JSON numbers reach Arraymancer bit-exact;
- `setup arraymancer` refuses sources that do not match their checksums; the adapter's
  state reads missing / buildable / built; a first use builds from the sources variable;
- `compare-libraries arraymancer` covers every documented proc.

Needs Nim (Debian: `nim gcc libc6-dev`) and the built driver (`nx-conformance setup
arraymancer --sources DIR`, which CI runs): the tests that run Arraymancer are skipped,
saying which is missing, without them, unless `NX_CONFORMANCE_REAL=required` (CI).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from math import prod
from pathlib import Path

import numpy as np
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters import arraymancer, codec, registry
from adapters import values as v
from adapters.arraymancer import toolchain
from adapters.base import Observe, Request, Status, Unavailable
from adapters.build import BuildFailed
from adapters.reference.adapter import ReferenceAdapter
from conformance import counterparts
from conformance.cases import load_spec
from conformance.cli import main
from conformance.compare import compare
from reference import dtypes
from reports.baseline import Category, read_baseline
from tests.strided_tensors import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "adapters" / "arraymancer" / "baselines" / "195c75d4.yaml"


REQUIRED = os.environ.get("NX_CONFORMANCE_REAL") == "required"  # CI: fail, never skip


def _missing() -> str | None:
    if REQUIRED:
        return None
    try:
        toolchain.nim_version()
    except BuildFailed as missing:
        return str(missing)
    if toolchain.state() != "built" and not os.environ.get(toolchain.SOURCES_VARIABLE):
        return (
            "the Arraymancer driver is not built: run `nx-conformance setup arraymancer "
            f"--sources DIR` or set {toolchain.SOURCES_VARIABLE}"
        )
    return None


MISSING = _missing()
needs_arraymancer = pytest.mark.skipif(MISSING is not None, reason=str(MISSING))


@pytest.fixture(scope="module")
def driver():
    adapter = arraymancer.IMPLEMENTATION.load("arraymancer")
    yield adapter
    adapter.close()


@pytest.fixture(scope="module")
def results_file(tmp_path_factory) -> Path:
    """One run of every arraymancer.* case on the real Arraymancer, as a results file."""
    path = tmp_path_factory.mktemp("arraymancer") / "results.json"
    main(
        ["run", "--adapter", "arraymancer", "--select", "arraymancer.*", "-q", "--json", str(path)]
    )
    return path


@pytest.fixture(scope="module")
def results(results_file) -> dict[str, dict]:
    return {r["id"]: r for r in json.loads(results_file.read_text())["results"]}


def test_the_baseline_triages_every_known_failure():
    baseline = read_baseline(BASELINE)
    known = [e for e in baseline.cases.values() if e.known_failure]
    assert known and baseline.untriaged() == []
    assert all(len(e.reason) > 40 for e in known)


@needs_arraymancer
def test_the_gate_on_the_baseline_passes(results_file, capsys):
    gate = ["gate", "--baseline", str(BASELINE), "--strict", "--require-triage"]
    assert main([*gate, str(results_file)]) == 0, capsys.readouterr().out


@needs_arraymancer
def test_only_the_inexpressible_cases_go_unanswered(results):
    baseline = read_baseline(BASELINE).cases
    inexpressible = {i for i, e in baseline.items() if e.category is Category.INEXPRESSIBLE}
    unanswered = {i: r["message"] for i, r in results.items() if r["outcome"] == "unsupported"}
    assert set(unanswered) == inexpressible
    assert all(unanswered.values())  # each with its reason
    answered = len(results) - len(unanswered)
    print(f"answered {answered}/{len(results)} = {answered / len(results):.1%}")


def test_every_upstream_entry_names_a_cause_of_the_catalogue():
    baseline = read_baseline(BASELINE)
    upstream = [e for e in baseline.cases.values() if e.category is Category.UPSTREAM]
    assert upstream and all(e.cause in baseline.causes for e in upstream)
    assert {e.cause for e in upstream} == set(baseline.causes)  # no cause explains nothing


# Two root causes, one case each: check_concat's comparison (a zero-size result where a
# refusal is due) and a Defect (squeeze's Natural axis).
REPRODUCED = {
    "concat-check-compares-trailing-dims-with-themselves": (
        "arraymancer.concat/zero-size tensors whose other dimensions differ are refused"
    ),
    "squeeze-axis-is-natural": "arraymancer.squeeze/a negative axis counts from the end or is refused",
}


@needs_arraymancer
def test_findings_write_nim_reproducers_that_show_each_cause(tmp_path, capsys):
    """`findings --reproducers DIR --run` on a run of Arraymancer writes a standalone Nim
    program per cause, which compiles as the driver does, runs, prints the expected line
    first and then what Arraymancer did, which is not what was expected."""
    results, programs = tmp_path / "results.json", tmp_path / "reproducers"
    select = [arg for case_id in REPRODUCED.values() for arg in ("--select", case_id)]
    main(["run", "--adapter", "arraymancer", *select, "-q", "--json", str(results)])
    capsys.readouterr()
    assert len(json.loads(results.read_text())["results"]) == len(REPRODUCED)
    found = ["findings", str(results), "--baseline", str(BASELINE)]
    assert main([*found, "--reproducers", str(programs), "--run"]) == 0
    out = capsys.readouterr().out
    assert "2 root cause(s) explain 2 upstream failure(s)" in out, out
    got = {}
    for cause, case_id in REPRODUCED.items():
        program = programs / cause / "main.nim"
        assert program.is_file() and case_id in program.read_text()
        assert f"{program} (case {case_id})" in out
        block = out.split(f"{program} (case {case_id})\n", 1)[1].splitlines()
        expected, shown = block[0].strip(), block[1].strip()
        assert expected.startswith("expected (documentation: arraymancer_shapeshifting.txt:")
        assert "raises Invalid_argument or Failure" in expected
        assert shown.startswith("got: ") and "did not run" not in shown, out
        assert shown.removeprefix("got: ") != expected.partition("): ")[2]
        got[cause] = shown
    # What Arraymancer 195c75d4 does: joins [0, 2] and [0, 3] into [0, 2]; a negative axis
    # given to squeeze's Natural fails Nim's range check (a Defect, not a refusal).
    zero_size = got["concat-check-compares-trailing-dims-with-themselves"]
    assert zero_size == "got: Tensor[float32] of shape [0, 2]: []"
    assert got["squeeze-axis-is-natural"].startswith("got: raised RangeDefect: ")


# --- Arraymancer and the reference, call by call ------------------------------------------

REFERENCE = ReferenceAdapter()
DTYPES = ("float32", "float64", "int8", "int32", "int64", "uint8", "bool", "complex64", "float16")


@st.composite
def tensors(draw, shape: tuple[int, ...] | None = None, dtype: str | None = None):
    shape = shape or tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=4)))
    dtype = dtypes.by_name(dtype or draw(st.sampled_from(DTYPES)))
    values = np.arange(1, prod(shape) + 1) % 7
    return v.TensorValue(dtype, shape, dtypes.to_storage(values, dtype).reshape(shape))


def _transposed(t: v.TensorValue) -> v.Call:
    """An argument Arraymancer builds as a non-contiguous view."""
    return v.Call("transpose", (t,))


@st.composite
def calls(draw) -> tuple[str, tuple, dict]:
    """A documented call (ranks >= 1, axes in range or just past it, non-negative; concat
    and stack join pieces of one shape along an existing axis or a new one). Refusals of
    concat and stack are the cases' business: Arraymancer 195c75d4 joins zero-size pieces
    of other shapes, or along an axis they lack (check_concat compares the second tensor's
    trailing dimensions with themselves), which the case
    `arraymancer.concat/zero-size tensors whose other dimensions differ are refused` pins
    and its baseline records as upstream."""
    t = draw(tensors())
    rank = len(t.shape)
    arg = draw(st.sampled_from((t, _transposed(t))))
    seen = t.shape[::-1] if isinstance(arg, v.Call) else t.shape  # the shape Arraymancer sees
    op = draw(st.sampled_from(
        ("transpose", "asContiguous", "reshape", "permute", "squeeze", "unsqueeze",
         "broadcast", "concat", "stack")
    ))  # fmt: skip
    if op == "transpose":
        return op, (arg,), {}
    if op == "asContiguous":
        layout = draw(st.sampled_from(("rowMajor", "colMajor")))
        return op, (arg,), {"layout": v.Variant(layout), "force": draw(st.booleans())}
    if op == "reshape":
        return op, (arg, v.Ints(draw(st.permutations(t.shape)))), {}
    if op == "permute":
        return op, (arg, v.Ints(tuple(draw(st.permutations(range(rank)))))), {}
    if op == "squeeze":
        return op, (arg, draw(st.integers(0, rank))) if draw(st.booleans()) else (arg,), {}
    if op == "unsqueeze":
        return op, (arg, draw(st.integers(0, rank + 1))), {}
    if op == "broadcast":
        ones = tuple(1 if draw(st.booleans()) else d for d in t.shape)
        return op, (draw(tensors(ones, t.dtype.name)), v.Ints(t.shape)), {}
    pieces = v.List((arg, draw(tensors(seen, t.dtype.name))))
    if op == "stack":
        return op, (pieces,), {"axis": draw(st.integers(0, rank))}
    return op, (pieces, draw(st.integers(0, rank - 1))), {}


@needs_arraymancer
@given(calls())
@settings(SETTINGS, max_examples=120)
def test_arraymancer_and_the_reference_answer_alike(driver, call):
    op, args, kwargs = call
    request = Request("arraymancer", op, args, v.frozen_mapping(kwargs),
                      observe=frozenset({Observe.ALIASES_ARG}))  # fmt: skip
    theirs, ours = driver.call(request), REFERENCE.call(request)
    driver.end_case()
    assert theirs.status is ours.status, (theirs, ours)
    if ours.status is Status.RESULT:
        assert compare(ours.value, theirs.value, None) is None
        # Whether asContiguous copies a contiguous input is not pinned; a zero-size result
        # shares no element (Arraymancer tells the contiguity of an empty tensor by its
        # strides, the reference by its size).
        if op != "asContiguous" and ours.value.data.size:
            assert theirs.aliases_arg == ours.aliases_arg, (theirs, ours)


# --- The driver ----------------------------------------------------------------------------


def _tensor(dtype: str, shape: tuple[int, ...], values) -> v.TensorValue:
    dtype_ = dtypes.by_name(dtype)
    return v.TensorValue(dtype_, shape, dtypes.to_storage(np.array(values), dtype_).reshape(shape))


@needs_arraymancer
def test_storage_sharing_is_observed_on_the_real_tensors(driver):
    t = _tensor("int32", (2, 3), range(6))
    observe = frozenset({Observe.ALIASES_ARG})

    def shares(op, args, **kwargs):
        reply = driver.call(Request("arraymancer", op, args, kwargs, observe=observe))
        driver.end_case()
        return reply

    assert shares("transpose", (t,)).aliases_arg == 0
    assert shares("reshape", (t, v.Ints((3, 2)))).aliases_arg == 0
    assert shares("reshape", (_transposed(t), v.Ints((2, 3)))).aliases_arg is None  # a copy
    forced = shares("asContiguous", (t,), layout=v.Variant("colMajor"), force=True)
    assert forced.aliases_arg is None
    assert shares("concat", (v.List((t, t)), 0)).aliases_arg is None
    column = _tensor("int32", (2, 1), (1, 2))
    pair = shares("broadcast2", (column, _tensor("int32", (1, 3), (1, 2, 3))))
    assert list(pair.aliases_components) == [0, 1]


@needs_arraymancer
def test_a_defect_is_a_crash_of_one_call_and_the_driver_goes_on(driver):
    """A Nim Defect (a bounds, range or assertion check, which -d:danger removes) is
    answered under its own name, which the protocol counts as an undocumented crash; only
    a designed check of Arraymancer (ValueError) is a refusal."""
    t = _tensor("int32", (2, 3), range(6))
    process = driver._process.pid
    repeated = driver.call(Request("arraymancer", "permute", (t, v.Ints((0, 0)))))
    assert (repeated.status, repeated.error) == (Status.ERROR, "IndexDefect")
    assert repeated.message.startswith("IndexDefect: ")
    negative = driver.call(Request("arraymancer", "squeeze", (t, -1)))
    assert (negative.status, negative.error) == (Status.ERROR, "RangeDefect")
    lower = driver.call(Request("arraymancer", "broadcast", (_tensor("int32", (3,), range(3)),
                                                             v.Ints((2, 3)))))  # fmt: skip
    assert (lower.status, lower.error) == (Status.ERROR, "AssertionDefect")
    refused = driver.call(Request("arraymancer", "reshape", (t, v.Ints((4,)))))
    assert (refused.status, refused.error) == (Status.ERROR, "Invalid_argument")
    assert refused.message.startswith("ValueError: ")
    after = driver.call(Request("arraymancer", "transpose", (t,)))
    assert after.status is Status.RESULT and driver._process.pid == process
    driver.end_case()


@needs_arraymancer
def test_defects_end_as_errors_and_are_triaged_upstream(results):
    """The cases Arraymancer answers with a Defect end `error` (never `pass` on a crash),
    and the baseline triages each as upstream."""
    baseline = read_baseline(BASELINE).cases
    defects = {i for i, r in results.items() if re.search(r"raised \w+Defect", r["message"])}
    assert defects and all(results[i]["outcome"] == "error" for i in defects)
    assert all(baseline[i].category is Category.UPSTREAM for i in defects)


@needs_arraymancer
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float8_e4m3", "float8_e5m2"])
def test_minifloats_written_as_numbers_reach_arraymancer_bit_exact(driver, dtype):
    """Every finite value of the 8-bit formats, and 4096 of the 16-bit ones, go as JSON
    numbers (64 at a time: lists, not base64) and come back as raw bytes, unchanged."""
    dtype_ = dtypes.by_name(dtype)
    width = dtype_.storage.itemsize
    bits = np.arange(256, dtype=np.uint8) if width == 1 else np.arange(0, 65536, 16, np.uint16)
    with np.errstate(invalid="ignore"):  # the NaN patterns, dropped below
        values = bits.view(dtype_.storage).astype(np.float64)
    values = values[np.isfinite(values)]
    for start in range(0, len(values), 64):
        chunk = values[start : start + 64]
        t = v.TensorValue(dtype_, (len(chunk),), dtypes.to_storage(chunk, dtype_))
        assert codec.encode(t)["tensor"]["data"]  # sent as a list of numbers
        reply = driver.call(Request("arraymancer", "reshape", (t, v.Ints((len(chunk), 1)))))
        back = reply.value.data.reshape(-1)
        assert (back.view(f"u{width}") == t.data.view(f"u{width}")).all()


# --- Building -------------------------------------------------------------------------------


def test_setup_refuses_sources_that_do_not_match_their_checksums(tmp_path, capsys):
    for name in toolchain.ARCHIVES.values():
        (tmp_path / name).write_bytes(b"not the archive")
    (tmp_path / "SHA256SUMS").write_text(
        "".join(f"{'0' * 64}  {name}\n" for name in toolchain.ARCHIVES.values())
    )
    status = main(["setup", "arraymancer", "--sources", str(tmp_path)])
    assert status == 2
    error = capsys.readouterr().err
    assert "checksum mismatch" in error or "Nim, which is not installed" in error


def test_the_state_reads_missing_then_buildable(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(toolchain.SOURCES_VARIABLE, raising=False)
    assert arraymancer.state().startswith("missing (")
    with pytest.raises(Unavailable):
        arraymancer.driver_path()
    if shutil.which("nim"):
        monkeypatch.setenv(toolchain.SOURCES_VARIABLE, str(tmp_path))
        assert arraymancer.state() == "buildable"


@needs_arraymancer
def test_the_state_of_the_built_driver_reads_built(capsys):
    if toolchain.state() != "built":
        pytest.skip("the driver is built on first use here, not by setup")
    main(["adapters"])
    listed = capsys.readouterr().out
    assert re.search(r"^arraymancer +.*the real Arraymancer 195c75d4 \(Nim\): built$", listed, re.M)


@pytest.mark.skipif(
    not os.environ.get(toolchain.SOURCES_VARIABLE) or shutil.which("nim") is None,
    reason=f"a first-use build needs Nim and {toolchain.SOURCES_VARIABLE}=DIR of the archives",
)
def test_a_first_use_builds_the_driver_from_the_sources_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    driver = Path(arraymancer.driver_path())
    assert driver.is_file() and str(driver).startswith(str(tmp_path))
    assert toolchain.state() == "built"
    assert not (driver.parent / "nimcache").exists()


# --- Arraymancer vs Nx ----------------------------------------------------------------------


def test_the_counterpart_table_covers_every_documented_proc():
    inventory = yaml.safe_load((ROOT / "spec" / "API-INVENTORY.yaml").read_text())
    documented = {p for procs in inventory["arraymancer"].values() for p in procs}
    table = counterparts.load_table(registry.with_counterparts()["arraymancer"])
    assert set(table.procs) == documented


def test_compare_libraries_tells_where_nx_differs(tmp_path):
    out = tmp_path / "table.md"
    assert main(["compare-libraries", "arraymancer", "--against", "reference", "-o", str(out)]) == 0
    rows = [line for line in out.read_text().splitlines() if line.startswith("| `")]
    table = counterparts.load_table(registry.with_counterparts()["arraymancer"])
    assert [row.split("`")[1].split("(")[0] for row in rows] == list(table.procs)
    cases = load_spec([ROOT / "spec" / "arraymancer"]).cases
    assert sum(int(row.split(" | ")[2]) for row in rows) == len(cases)
    squeeze = next(row for row in rows if row.startswith("| `squeeze("))
    # Documented by Arraymancer: a non-singleton axis does nothing; Nx raises there.
    assert "a non-singleton axis does nothing" in squeeze and "Invalid_argument" in squeeze
