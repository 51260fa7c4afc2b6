"""Nx backends: the backend kit of the `ocaml-nx` adapters and `diff-backends`.

- `diff-backends` classifies two replies to one call by the first kind of difference
  (answered by one only, crash, raises vs returns, raise kind, type / dtype / shape /
  values, effect on an argument, printed text, identity, aliasing), with no spec
  expectation; replies raising the same kind agree;
- any module implementing a release's `Nx_core.Backend_intf.S` (plus `create_context`),
  named as `LIBRARY:MODULE` with the dune project that holds it, becomes the adapter
  `ocaml-nx@<release>+MODULE`: the driver's tables over `Nx_core.Make_frontend (MODULE)`
  and the release's default-context wrappers; alpha0's `+c` is one of them, built in;
- on alpha0's two backends, `diff-backends` runs each selected case on both and writes
  its differences as data.

The driver tests need `nx-conformance setup ocaml-nx --versions 1.0.0_alpha0` (CI runs
it); without it they skip, unless `NX_CONFORMANCE_REAL=required`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from adapters import codec, ocaml_nx
from adapters.base import Fault, Reply, Request, Status, Unavailable
from adapters.build import SetupError
from adapters.ocaml_nx import toolchain
from conformance.backend_diff import classify
from conformance.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "adapters" / "ocaml_nx" / "examples" / "my_backend"
REQUIRED = os.environ.get("NX_CONFORMANCE_REAL") == "required"
ALPHA0 = "1.0.0_alpha0"
STATE = ocaml_nx.state(ALPHA0)
needs_alpha0 = pytest.mark.skipif(
    STATE.startswith("missing") and not REQUIRED, reason=f"Nx {ALPHA0} is not built here: {STATE}"
)


def result(dtype, shape, data):
    return Reply(Status.RESULT, value=codec.tensor(dtype, shape, data))


def raised(kind, message="m"):
    return Reply(Status.ERROR, error=kind, message=message)


# --- Classifying two replies ------------------------------------------------------------------


def test_equal_results_and_the_same_raised_kind_agree():
    assert classify(result("int32", [2], [1, 2]), result("int32", [2], [1, 2]), None) is None
    assert classify(raised("Invalid_argument", "a"), raised("Invalid_argument", "b"), None) is None
    unsupported = Reply.unsupported("no")
    assert classify(unsupported, unsupported, None) is None


@pytest.mark.parametrize(
    ("mine", "theirs", "kind"),
    [
        (result("int32", [2], [1, 2]), result("int32", [2], [1, 3]), "values"),
        (result("int32", [2], [1, 2]), result("int64", [2], [1, 2]), "dtype"),
        (result("int32", [2], [1, 2]), result("int32", [1, 2], [1, 2]), "shape"),
        (raised("Invalid_argument"), result("int32", [1], [1]), "raises-vs-returns"),
        (raised("Invalid_argument"), raised("Failure"), "raise-kind"),
        (raised("Division_by_zero"), raised("Stack_overflow"), "raise-kind"),
        (Reply.unsupported("no"), result("int32", [1], [1]), "answered-by-one"),
        (Reply.crash("died", Fault.EXITED), result("int32", [1], [1]), "crash"),
    ],
)
def test_a_difference_has_the_first_kind_that_applies(mine, theirs, kind):
    found = classify(mine, theirs, None)
    assert found is not None and found[0] == kind, found


def test_an_effect_on_an_argument_differs_when_the_results_agree():
    same = codec.tensor("int32", [1], [0])
    mine = Reply(Status.RESULT, value=same, args_after=(codec.tensor("int32", [1], [5]),))
    theirs = Reply(Status.RESULT, value=same, args_after=(codec.tensor("int32", [1], [6]),))
    kind, what = classify(mine, theirs, None)
    assert kind == "effect" and "argument 0 after the call" in what


# --- The backend kit --------------------------------------------------------------------------


def test_a_backend_is_named_library_colon_module():
    assert toolchain.parse_backend("my_backend:My_backend") == ("my_backend", "My_backend")
    assert toolchain.parse_backend("nx.c:Nx_c") == ("nx.c", "Nx_c")
    for wrong in ("my_backend", "My_backend:my_backend", "a:b", ":Nx_c"):
        with pytest.raises(SetupError, match="LIBRARY:MODULE"):
            toolchain.parse_backend(wrong)


def test_alpha0s_c_backend_is_an_instance_of_the_kit():
    assert ocaml_nx.split_name("1.0.0_alpha0+c") == ("1.0.0_alpha0", "c")
    built_in = ocaml_nx.BUILT_IN_BACKENDS[ALPHA0]["c"]
    assert (built_in.library, built_in.module) == ("nx.c", "Nx_c")
    assert ocaml_nx.backends(ALPHA0)["c"] == built_in


@needs_alpha0
def test_a_recorded_backend_becomes_an_adapter_over_the_same_tables(monkeypatch):
    """The worked example's backend (it re-exports Nx_c) under alpha0's frontend: the
    driver builds from its dune project and answers as the release's own C backend."""
    record = {"library": "my_backend", "module": "My_backend", "source": str(EXAMPLE)}
    monkeypatch.setattr(toolchain, "recorded_backends", lambda: {f"{ALPHA0}+My_backend": record})
    chosen = ocaml_nx.target(f"{ALPHA0}+My_backend")
    assert chosen.backend.module == "My_backend" and chosen.two_part
    adapter = ocaml_nx.adapter(f"{ALPHA0}+My_backend")
    try:
        assert adapter.name == f"ocaml-nx@{ALPHA0}+My_backend"
        a = codec.tensor("int32", [3], [7, -7, 9])
        b = codec.tensor("int32", [3], [2, 2, 3])
        reply = adapter.call(Request("nx", "div", (a, b), {}))
        assert codec.tensor_data_list(reply.value) == [3, -3, 3]
        lacked = adapter.call(Request("nx", "fft", (a,), {}))
        assert lacked.message == "Nx 1.0.0~alpha0 has no fft"
    finally:
        adapter.close()


@needs_alpha0
def test_an_unknown_backend_says_how_to_record_one():
    with pytest.raises(Unavailable, match="--backend LIBRARY:MODULE"):
        ocaml_nx.target(f"{ALPHA0}+Nope")


# --- diff-backends on alpha0's two backends ---------------------------------------------------


@needs_alpha0
def test_diff_backends_lists_where_the_two_backends_of_alpha0_differ(tmp_path, capsys):
    out = tmp_path / "diff.json"
    status = main(
        [
            "diff-backends",
            "--adapter",
            f"ocaml-nx@{ALPHA0}",
            "--against",
            f"ocaml-nx@{ALPHA0}+c",
            "--select",
            "nx.add/*",
            "--select",
            "nx.sort/*",
            "--json",
            str(out),
        ]
    )
    text = capsys.readouterr().out
    assert status in (0, 1), text
    document = json.loads(out.read_text())
    assert document["format"] == "nx-conformance-backend-diff/1"
    assert document["agree"] + document["differ"] + document["unsupported_by_both"] > 0
    assert text.startswith(f"ocaml-nx@{ALPHA0} (A) vs ocaml-nx@{ALPHA0}+c (B): ")
    for difference in document["differences"]:
        assert difference["kind"] and difference["args"] is not None
        assert difference["case"].startswith(("nx.add/", "nx.sort/"))


# --- Backend mutants ----------------------------------------------------------------------


MUTANTS = f"{ocaml_nx.DEFAULT_RELEASE}+mutants"
MUTANTS_STATE = ocaml_nx.state(MUTANTS)
needs_mutants = pytest.mark.skipif(
    MUTANTS_STATE.startswith("missing") and not REQUIRED,
    reason=f"Nx {ocaml_nx.DEFAULT_RELEASE} is not built here: {MUTANTS_STATE}",
)


def test_the_mutant_backend_is_alpha1s_c_backend_through_the_kit():
    built_in = ocaml_nx.BUILT_IN_BACKENDS[ocaml_nx.DEFAULT_RELEASE]["mutants"]
    assert (built_in.library, built_in.module) == ("nx_mutants", "Nx_mutants")
    assert (built_in.source / "dune-project").is_file()
    assert "include Nx_c" in (built_in.source / "nx_mutants.ml").read_text()


@needs_mutants
def test_named_mutants_are_killed_and_the_unmutated_backend_is_not(tmp_path, capsys):
    """One build for every fault, chosen by NX_MUTANT; a few faults of different families
    are each killed by a case whose outcome differs from the unmutated backend's, and the
    unmutated backend run as the mutant `none` differs from itself on no case."""
    from conformance import mutants

    table = {m["name"]: m for m in mutants.table(mutants.driver())}
    assert len(table) >= 40
    assert {"family", "wraps", "changes", "select", "cap"} <= set(table["idiv_floor"])
    out = tmp_path / "mutants.json"
    named = ["fdiv_swapped", "idiv_floor", "sum_keepdims_ignored", "cat_reversed"]
    argv = ["mutants", "--adapter", "ocaml-nx", "--cap", "12", "--json", str(out)]
    for name in [*named, "none"]:
        argv += ["--mutant", name]
    status = main(argv)
    printed = capsys.readouterr().out
    verdicts = {m["name"]: m for m in json.loads(out.read_text())["mutants"]}
    for name in named:
        assert verdicts[name]["killed"], (name, printed)
        assert verdicts[name]["killer"] in printed
    assert not verdicts["none"]["killed"] and verdicts["none"]["cases"] > 0, printed
    assert "killed 4 of 4 mutants (100.0 %)" in printed
    assert status == 0


@needs_mutants
def test_an_unknown_mutant_stops_the_driver_before_its_hello():
    import subprocess

    from conformance import mutants

    done = subprocess.run(
        [str(mutants.driver())],
        env=mutants._env("no_such_fault"),
        input="",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "no mutant" in done.stderr and done.stdout == ""
