"""The documentation per function, read from the documents for the report's function
pages: every documented function found, every worked example inside the entry of the
function it is attributed to, signatures and examples whole."""

from __future__ import annotations

import pytest
import yaml

from reports import docs

INVENTORY = yaml.safe_load((docs.SPEC / "API-INVENTORY.yaml").read_text())
EXAMPLES = yaml.safe_load((docs.SPEC / "doc-examples.yaml").read_text())["examples"]
# The accessors Nx_core.View's page lists without a sentence of their own.
WITHOUT_TEXT = {"view.shape", "view.strides", "view.offset", "view.ndim"}


def test_every_documented_function_has_its_entry():
    keys = {
        f"{ns}.{op}"
        for ns, sections in INVENTORY.items()
        for ops in sections.values()
        for op in ops
    }
    found = docs.entries()
    assert keys - set(found) == WITHOUT_TEXT
    assert all(found[k].prose or found[k].signatures for k in keys - WITHOUT_TEXT)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e["at"])
def test_every_worked_example_lies_in_the_entry_of_its_function(example):
    entry = docs.entries()[example["function"]]
    if example["at"] == "nx.txt:361":  # `zeros` in the worked example of `of_bigarray`
        assert docs.entries()["nx.of_bigarray"].holds(example["at"])
        return
    assert entry.holds(example["at"])
    if example["at"].startswith("nx.txt:"):
        assert example["at"] in [e.at for e in entry.examples]


def test_signatures_prose_and_examples_are_whole():
    found = docs.entries()
    eye = found["nx.eye"]
    assert eye.signatures == ["val eye : ?m:int -> ?k:int -> ('a, 'b) dtype -> int -> ('a, 'b) t"]
    assert eye.prose[0] == "eye ?m ?k dtype n creates matrix with ones on k-th diagonal."
    assert [(e.at, e.code) for e in eye.examples][1] == ("nx.txt:215", "eye ~k:1 int32 3")
    assert (
        eye.examples[1].output == "- : (int32, int32_elt) t = [[0, 1, 0],\n[0, 0, 1],\n[0, 0, 0]]"
    )
    pool = found["nx.max_pool1d"]  # a signature over several lines
    assert pool.signatures[0].startswith("val max_pool1d : kernel_size:int -> ?stride:int ->")
    assert pool.signatures[0].endswith("('a, 'b) t * (int32, int32_elt) t option")
    assert found["nx.ones"].prose == ["ones dtype shape creates tensor filled with ones."]
    assert found["genarray.num_dims"].signatures == ["val num_dims : ('a, 'b, 'c) t -> int"]
    assert found["genarray.num_dims"].prose == [
        "Return the number of dimensions of the given Bigarray."
    ]
    assert found["shape.numel"].signatures == ["val numel : t -> int"]
    assert found["shape.numel"].prose == [
        "numel shape is the product of dimensions in shape.",
        "numel [||] is 1.",
    ]
    assert len(found["arraymancer.reshape"].signatures) == 2  # both overloads
    assert (
        found["arraymancer.bc"].signatures[0]
        == "template bc(t: (Tensor | SomeNumber); shape: varargs[int]): untyped"
    )
    assert found["arraymancer.bc"].prose == ["Alias for broadcast"]
    assert found["view.numel"].prose == [
        "numel v is the product of dimensions in shape v.",
        "numel of a scalar (ndim v = 0) is 1.",
    ]


def test_readings_and_errata_are_read_by_their_names(tmp_path):
    (tmp_path / "READINGS.md").write_text(
        "# Readings\n\nIntro.\n\n## R1. Integer division truncates\n\nWhy we read it so.\n\n"
        "## R12. Signed zero of `max`\n\nThe larger.\n"
    )
    (tmp_path / "ERRATA.md").write_text("# Errata\n\n## nx.arange\n\nTwo rules disagree.\n")
    assert docs.readings(tmp_path) == {
        "R1": {"title": "Integer division truncates", "text": "Why we read it so."},
        "R12": {"title": "Signed zero of `max`", "text": "The larger."},
    }
    assert docs.errata(tmp_path) == {
        "nx.arange": {"title": "nx.arange", "text": "Two rules disagree."}
    }
    assert docs.readings(tmp_path / "nowhere") == {}
    assert "nx.arange" in docs.errata()  # the bundled spec's
