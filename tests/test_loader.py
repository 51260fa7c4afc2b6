"""The loader reports every malformed case as path:line and keeps loading the rest."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from adapters import values as v
from conformance.cases import CheckKind, Expectation, Source, load_file, load_spec

GOOD_CASE = """\
  - name: good
    source: doc-text
    args: [{dtype: float32}, {ints: [2]}]
    expect: {tensor: {dtype: float32, shape: [2], data: [0, 0]}}
"""


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text))
    return path


def case_file(body: str, op: str = "zeros") -> str:
    return f"op: {op}\nsection: creation\ncases:\n{body}"


@pytest.mark.parametrize(
    ("body", "line", "words"),
    [
        (
            "  - name: tag\n    args: [{dtyp: float32}]\n    raises: {error: Failure}\n",
            5,
            "unknown value tag 'dtyp'",
        ),
        (
            "  - name: numel\n    args: []\n    expect: {tensor: {dtype: int8, shape: [2, 2], "
            "data: [1, 2, 3]}}\n",
            6,
            "numel = 4",
        ),
        (
            "  - name: dtype\n    args: [{dtype: float31}]\n    raises: {error: Failure}\n",
            5,
            "unknown dtype 'float31'",
        ),
        (
            "  - name: range\n    args: []\n    expect:\n      tensor:\n        dtype: int8\n"
            "        shape: [2]\n        data:\n          - 0\n          - 300\n",
            12,
            "300 is out of range for int8",
        ),
        (
            "  - name: int4\n    args: []\n    expect: {tensor: {dtype: int4, shape: [1], data: [8]}}\n",
            6,
            "8 is out of range for int4",
        ),
        (
            "  - name: overflow\n    args: []\n    expect: {tensor: {dtype: float16, shape: [1], "
            "data: [1.0e6]}}\n",
            6,
            "out of range for float16",
        ),
        (
            "  - name: two\n    args: []\n    expect: {int: 1}\n    raises: {error: Failure}\n",
            4,
            "exactly one of expect, raises, properties, prints",
        ),
        ("  - name: none\n    args: []\n", 4, "exactly one of"),
        (
            "  - name: source\n    source: docs\n    args: []\n    expect: {int: 1}\n",
            5,
            "unknown source 'docs'",
        ),
        (
            "  - name: kind\n    args: []\n    raises: {error: Invalid_arg}\n",
            6,
            "unknown error 'Invalid_arg'",
        ),
        (
            "  - name: check\n    args: []\n    properties: [{check: shape_iz}]\n",
            6,
            "unknown check 'shape_iz'",
        ),
        (
            "  - name: expr\n    args: []\n    properties: [{check: holds, expr: \"open('x')\"}]\n",
            4,
            "'open' is not allowed",
        ),
        (
            "  - name: ref\n    args: [{ref: arg0}]\n    expect: {int: 1}\n",
            5,
            "only refer to an earlier argument",
        ),
        (
            "  - name: mutates\n    args: []\n    expect: {int: 1}\n    mutates: {arg: 0, value: {int: 1}}\n",
            7,
            "argument 0 does not exist",
        ),
        (
            "  - name: fn\n    args: [{fn: launch_missiles}]\n    expect: {int: 1}\n",
            5,
            "unknown function 'launch_missiles'",
        ),
        (
            "  - name: bool data\n    args: []\n    expect: {tensor: {dtype: bool, shape: [1], data: [1]}}\n",
            6,
            "bool data must be true/false",
        ),
        (
            "  - name: e4m3 inf\n    args: []\n    expect: {tensor: {dtype: float8_e4m3, shape: [1], "
            "data: [.inf]}}\n",
            6,
            "float8_e4m3 has no infinities",
        ),
    ],
)
def test_a_bad_case_is_reported_with_its_line_and_the_good_case_still_loads(
    tmp_path, body, line, words
):
    path = write(tmp_path, "f.yaml", case_file(body + GOOD_CASE))
    cases, problems = load_file(path, "f.yaml")
    assert [c.name for c in cases] == ["good"]
    assert len(problems) == 1, problems
    assert problems[0].line == line, problems[0]
    assert words in problems[0].message
    assert str(problems[0]).startswith(f"f.yaml:{line}: ")


def test_yaml_syntax_error_loses_the_file_but_not_the_others(tmp_path):
    write(tmp_path, "broken.yaml", "op: zeros\ncases:\n  - name: x\n    args: [{int: 1}\n")
    write(tmp_path, "fine.yaml", case_file(GOOD_CASE))
    spec = load_spec([tmp_path])
    assert [c.id for c in spec.cases] == ["nx.zeros/good"]
    assert len(spec.problems) == 1
    assert spec.problems[0].file.endswith("broken.yaml")
    assert spec.problems[0].line in (4, 5)


def test_python_object_tags_are_refused_not_constructed(tmp_path):
    marker = tmp_path / "pwned"
    write(
        tmp_path,
        "evil.yaml",
        f"op: zeros\ncases:\n  - name: x\n    args: [!!python/object/apply:os.system ['touch {marker}']]\n"
        "    raises: {error: Failure}\n",
    )
    spec = load_spec([tmp_path])
    assert not marker.exists()
    assert spec.cases == []
    assert "tag not allowed" in spec.problems[0].message
    assert spec.problems[0].line == 4


def test_duplicate_case_ids_across_files_are_an_error(tmp_path):
    write(tmp_path, "a.yaml", case_file(GOOD_CASE))
    write(tmp_path, "b.yaml", case_file(GOOD_CASE))
    spec = load_spec([tmp_path])
    assert len(spec.cases) == 1
    assert "duplicate case id 'nx.zeros/good'" in spec.problems[0].message
    assert "a.yaml:4" in spec.problems[0].message


def test_duplicate_names_in_one_file_and_duplicate_keys_are_errors(tmp_path):
    path = write(tmp_path, "f.yaml", case_file(GOOD_CASE + GOOD_CASE))
    _, problems = load_file(path)
    assert "used twice" in problems[0].message
    path = write(tmp_path, "g.yaml", "op: zeros\nop: ones\ncases: []\n")
    _, problems = load_file(path)
    assert "appears twice" in problems[0].message and problems[0].line == 2


def test_file_header_problems_lose_the_file(tmp_path):
    path = write(tmp_path, "f.yaml", "namespace: numpy\nop: zeros\ncases:\n" + GOOD_CASE)
    cases, problems = load_file(path)
    assert cases == []
    assert "unknown namespace 'numpy'" in problems[0].message


def test_a_case_is_immutable_and_carries_everything(tmp_path):
    body = """\
  - name: full
    source: doc-example
    op: ones
    args: [{dtype: int32}, {ints: [3]}]
    kwargs: {k: {int: 1}}
    properties:
      - {check: shape_is, shape: [3]}
      - {check: item_is, index: [0], value: 1}
      - {check: pipeline, steps: [{op: shape, args: [{ref: prev}]}], expect: {ints: [3]}}
    note: a note
    meta: {examples: ["nx.txt:150"]}
"""
    path = write(tmp_path, "f.yaml", case_file(body))
    [case], problems = load_file(path, "f.yaml")
    assert problems == []
    assert case.id == "nx.ones/full"
    assert case.source is Source.DOC_EXAMPLE
    assert case.expectation is Expectation.PROPERTIES
    assert [c.kind for c in case.properties] == [
        CheckKind.SHAPE_IS,
        CheckKind.ITEM_IS,
        CheckKind.PIPELINE,
    ]
    assert case.kwargs["k"] == 1
    assert isinstance(case.args[1], v.Ints)
    assert case.dtypes == ("int32",)
    assert case.location == "f.yaml:4"
    with pytest.raises(AttributeError):
        case.op = "zeros"  # type: ignore[misc]
    with pytest.raises(TypeError):
        case.kwargs["k"] = 2  # type: ignore[index]


def test_non_case_yaml_is_not_loaded(tmp_path):
    write(tmp_path, "API-INVENTORY.yaml", "nx: {}\n")
    write(tmp_path, "doc-examples.yaml", "examples: []\n")
    assert load_spec([tmp_path]).files == []


def test_a_missing_spec_root_is_a_problem(tmp_path):
    spec = load_spec([tmp_path / "nowhere"])
    assert spec.problems and "no such file" in spec.problems[0].message
