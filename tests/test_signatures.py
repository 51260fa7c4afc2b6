"""The per-op table of `adapters/protocol.md`, and the required labels validation uses."""

from __future__ import annotations

import shutil
from pathlib import Path

from adapters.protocol import B64_ABOVE
from conformance import signatures
from conformance.cases import bundled_spec, load_spec
from conformance.cli import main

PROTOCOL = Path(__file__).resolve().parent.parent / "adapters" / "protocol.md"


def test_the_committed_table_is_the_one_the_bundled_spec_generates():
    cases = load_spec([bundled_spec()]).cases
    generated = signatures.markdown(signatures.table(cases))
    assert signatures.committed(PROTOCOL) == generated, (
        "adapters/protocol.md is out of date: run "
        "`nx-conformance signatures --write adapters/protocol.md`"
    )


def test_the_table_shows_positions_in_order_and_required_labels():
    committed = signatures.committed(PROTOCOL)
    assert "| `nx.split` | int, tensor | ~axis: int |" in committed
    assert "| `nx.sum` | tensor | ?axes: ints, ?keepdims: bool |" in committed
    assert "| `shape.unravel_index_into` | int, ints, list of int |  |" in committed


def test_required_labels_come_from_the_documented_signatures():
    assert signatures.required_labels("nx", "split") == {"axis"}
    assert signatures.required_labels("nx", "put_along_axis") == {"axis", "indices", "values"}
    assert signatures.required_labels("nx", "sum") == frozenset()
    assert signatures.required_labels("nx", "no_such_op") is None


def test_write_replaces_only_the_table_and_is_idempotent(tmp_path, capsys):
    copy = tmp_path / "protocol.md"
    shutil.copy(PROTOCOL, copy)
    text = copy.read_text()
    start = text.index(signatures.BEGIN)
    copy.write_text(text[:start] + signatures.BEGIN + "\nstale\n" + signatures.END + "\n")
    assert main(["signatures", "--write", str(copy)]) == 0
    assert copy.read_text() == text[:start] + signatures.committed(PROTOCOL) + "\n"
    assert main(["signatures", "--write", str(copy)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("table up to date")


def test_protocol_md_states_the_b64_threshold_the_runner_uses():
    assert f"more than {B64_ABOVE} elements as `b64`" in PROTOCOL.read_text()


def test_the_table_says_what_each_op_returns():
    from conformance import signatures
    from conformance.cases import bundled_spec, load_spec

    wanted = ["nx.equal/*", "nx.shape/*", "nx.add/*"]
    found = signatures.table(load_spec([bundled_spec()], select=wanted).cases)
    assert list(found["nx.equal"].results) == ["uint8 tensor"]
    assert list(found["nx.shape"].results) == ["ints"]
    assert list(found["nx.add"].results) == ["tensor of the arguments' dtype"]
