"""The spec owns its vocabulary (`spec/vocabulary.yaml`, `spec/labels.yaml`): the file is
consistent, the documentation and the schema say the same, the reference agrees with it,
and the enums and tables built on it cover it."""

from __future__ import annotations

import json
import pickle
import re

import pytest

from conformance.cases import Basis, Source
from conformance.execute import Outcome
from reference import dtypes as reference_dtypes
from reference import errors, registry
from reference.genarray.bigarray import KINDS
from reports import baseline, html, junit
from spec import documentation, dtypes, generate_labels, vocabulary
from spec.vocabulary import ErrorKind

SPEC = documentation.ROOT
SCHEMA = json.loads((SPEC / "schema.json").read_text())["$defs"]
FORMAT = (SPEC / "FORMAT.md").read_text()


# --- The file is consistent ---------------------------------------------------------------


def test_every_dtype_names_a_known_family_group_and_tolerance():
    for entry in vocabulary.DTYPE_TABLE:
        assert entry["family"] in vocabulary.FAMILIES, entry
        assert entry["group"] in vocabulary.DTYPE_GROUPS, entry
        assert entry.get("tolerance", "float64") in vocabulary.TOLERANCES, entry
        assert (entry["family"] in ("float", "complex")) == ("tolerance" in entry), entry
    assert len(set(vocabulary.DTYPE_NAMES)) == len(vocabulary.DTYPE_NAMES) == 22
    assert all(vocabulary.DTYPE_GROUPS.values()), "a dtype group without dtypes"


def test_a_complex_dtype_is_two_parts_of_a_float_dtype():
    for dtype in dtypes.DTYPES:
        if dtype.is_complex:
            part = dtypes.part_dtype(dtype)
            assert part.is_float and dtype.bits == 2 * part.bits, dtype
            assert dtype.tolerance == part.tolerance, dtype


def test_integer_ranges_are_the_twos_complement_of_their_bits():
    assert (dtypes.INT8.low, dtypes.INT8.high) == (-128, 127)
    assert (dtypes.UINT4.low, dtypes.UINT4.high) == (0, 15)
    assert (dtypes.INT.low, dtypes.INT.high) == (-(2**62), 2**62 - 1)
    assert (dtypes.BOOL.low, dtypes.BOOL.high) == (0, 1)
    assert all(d.low is None for d in dtypes.DTYPES if d.is_float or d.is_complex)


def test_every_basis_source_and_kind_points_into_the_vocabulary():
    assert set(vocabulary.GROUP_OF_BASIS.values()) == set(vocabulary.SOURCE_GROUPS)
    assert set(vocabulary.BASIS_OF_SOURCE.values()) <= set(vocabulary.BASES)
    assert set(vocabulary.GENARRAY_KINDS.values()) == set(vocabulary.DTYPE_NAMES)
    assert set(vocabulary.FAILED) <= set(vocabulary.ANSWERED) <= set(vocabulary.COUNTED)
    assert set(vocabulary.COUNTED) <= set(vocabulary.OUTCOMES)


# --- The documentation and the schema say the same ----------------------------------------------


def test_the_documented_dtype_type_lists_these_constructors_in_this_order():
    """nx.txt:23 "Sourcetype ('a, 'b) dtype = ('a, 'b) Nx_core.Dtype.t =", then one line each."""
    text = (SPEC / "documents" / "nx.txt").read_text()
    documented = re.findall(r"^\| (\w+) : \(([\w.]+), (\w+)\) dtype$", text, re.MULTILINE)
    table = [(d.constructor, d.ocaml_type, d.elt) for d in dtypes.DTYPES]
    assert documented == table


def test_format_md_states_the_default_tolerances():
    stated = FORMAT.split("Default tolerances (rtol / atol):", 1)[1].split("complex as", 1)[0]
    found = {
        name: {"rtol": float(rtol), "atol": float(atol)}
        for name, rtol, atol in re.findall(r"(\w+)(?: kinds)? ([\d.e-]+) / ([\d.e-]+)", stated)
    }
    assert found == vocabulary.TOLERANCES


def test_format_md_and_authoring_md_name_the_outcomes_and_bases():
    outcomes = FORMAT.split("## Outcomes", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"`(\w+)`(?: \(|,| or)", outcomes) == list(vocabulary.OUTCOMES)
    authoring = (SPEC / "AUTHORING.md").read_text()
    assert re.findall(r"\(`basis: ([\w-]+)`", authoring) == list(vocabulary.BASES)


def test_the_schema_lists_the_same_words():
    assert set(SCHEMA["dtype_name"]["enum"]) == set(vocabulary.DTYPE_NAMES)
    assert set(SCHEMA["error_kind"]["enum"]) == set(vocabulary.ERROR_KINDS)
    assert set(SCHEMA["namespace"]["enum"]) == set(vocabulary.NAMESPACES)
    assert set(SCHEMA["basis"]["enum"]) == set(vocabulary.BASES)
    assert set(SCHEMA["case"]["properties"]["source"]["enum"]) == set(vocabulary.SOURCES)


def test_every_namespace_has_its_document():
    for namespace in vocabulary.NAMESPACES:
        path = documentation.document(namespace)
        assert path is not None and path.is_file(), namespace
    assert set(documentation.inventory()) == set(vocabulary.NAMESPACES)


# --- The reference agrees -------------------------------------------------------------------------


def test_the_reference_reads_the_spec_dtype_table():
    assert reference_dtypes.DTYPES is dtypes.DTYPES
    assert reference_dtypes.by_name("float32") is dtypes.FLOAT32


def test_the_reference_raises_exactly_the_error_kinds():
    classes = errors.NxError.__subclasses__()
    assert sorted(c.kind.value for c in classes) == sorted(vocabulary.ERROR_KINDS)
    assert errors.ErrorKind is ErrorKind


def test_the_reference_has_a_package_of_ops_for_every_namespace():
    assert registry.NAMESPACES == vocabulary.NAMESPACES
    registry.load_all()
    assert {op.namespace for op in registry.registered().values()} == set(vocabulary.NAMESPACES)


def test_the_reference_has_the_bigarray_kinds():
    assert {name: kind.dtype.name for name, kind in KINDS.items()} == vocabulary.GENARRAY_KINDS
    standard = tuple(name for name, kind in KINDS.items() if kind.standard)
    assert standard == vocabulary.STANDARD_GENARRAY_KINDS


def test_regenerating_the_labels_from_the_reference_reproduces_the_committed_file():
    committed = vocabulary.LABELS_FILE.read_text(encoding="utf-8")
    assert generate_labels.generate() == committed, (
        "spec/labels.yaml is out of date: run `python -m spec.generate_labels`"
    )


def test_the_labels_say_what_the_documented_signatures_require():
    labels = vocabulary.labels()
    assert labels["nx.split"] == {"axis"}
    assert labels["nx.put_along_axis"] == {"axis", "indices", "values"}
    assert labels["nx.sum"] == frozenset()
    assert "nx.no_such_op" not in labels


# --- What is built on it covers it ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("enum", "words"),
    [
        (Outcome, vocabulary.OUTCOMES),
        (Basis, vocabulary.BASES),
        (Source, vocabulary.SOURCES),
        (ErrorKind, vocabulary.ERROR_KINDS),
        (baseline.Category, tuple(vocabulary.BASELINE_CATEGORIES)),
        (dtypes.Kind, vocabulary.FAMILIES),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_an_enum_is_its_vocabulary_and_pickles_by_name(enum, words):
    assert tuple(m.value for m in enum) == words
    for member in enum:
        assert pickle.loads(pickle.dumps(member)) is member  # across worker processes
        assert member.name == vocabulary.member(member.value)


def test_every_table_keyed_by_outcome_covers_the_outcomes():
    assert tuple(junit.NEW_CASE) == vocabulary.OUTCOMES
    assert tuple(outcome for outcome, _ in html._BAR) == vocabulary.OUTCOMES
    assert len(set(html._CODES.values())) == len(vocabulary.OUTCOMES), "one letter each"


def test_the_baseline_header_names_every_basis_and_category():
    words = " ".join(baseline.HEADER.replace("#", " ").split())
    assert all(basis in words for basis in vocabulary.BASES)
    assert all(category in words for category in vocabulary.BASELINE_CATEGORIES)
