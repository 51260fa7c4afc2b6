"""The JSON Schema and the Python vocabularies say the same, and the bundled spec is valid."""

from __future__ import annotations

import json

from adapters.functions import FUNCTIONS
from adapters.values import Tag
from conformance.cases import CheckKind, Expectation, Source, bundled_spec, load_spec
from reference.dtypes import NAMES
from reference.errors import ErrorKind
from reference.registry import NAMESPACES

SCHEMA = json.loads((bundled_spec() / "schema.json").read_text())
DEFS = SCHEMA["$defs"]


def test_closed_vocabularies_match_the_enums():
    assert set(DEFS["dtype_name"]["enum"]) == set(NAMES)
    assert set(DEFS["error_kind"]["enum"]) == {k.value for k in ErrorKind}
    assert set(DEFS["namespace"]["enum"]) == set(NAMESPACES)
    assert set(DEFS["case"]["properties"]["source"]["enum"]) == {s.value for s in Source}
    assert set(DEFS["check"]["properties"]["check"]["enum"]) == {c.value for c in CheckKind}
    assert set(DEFS["value"]["propertyNames"]["enum"]) == {t.value for t in Tag} | {"payload"}
    assert {rule["required"][0] for rule in DEFS["case"]["oneOf"]} == {e.value for e in Expectation}


def test_every_check_kind_has_a_rule_for_its_fields():
    ruled = {rule["if"]["properties"]["check"]["const"] for rule in DEFS["check"]["allOf"]}
    assert ruled == {c.value for c in CheckKind}


def test_the_format_names_every_registered_function():
    text = (bundled_spec() / "FORMAT.md").read_text()
    assert all(f"`{name}`" in text for name in FUNCTIONS)


def test_the_bundled_spec_is_valid():
    spec = load_spec([bundled_spec()])
    assert spec.problems == [], "\n".join(map(str, spec.problems))
    assert spec.cases
