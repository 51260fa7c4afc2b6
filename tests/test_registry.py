"""The implementation registry: one package under `adapters/` is one implementation.

Proves that the registry finds every bundled implementation, that each adapter name has
exactly one owner, that `adapters`, `--adapter` and `setup` read the registry, and that an
implementation is added by adding one folder (here: a package in a temporary directory
joined to `adapters`' search path, as a new folder under `adapters/` would be).
"""

from __future__ import annotations

import textwrap

import pytest

import adapters
from adapters import discovery, registry
from adapters.base import Implementation, UnknownAdapter

BUNDLED = {"arraymancer", "numpy", "ocaml-genarray", "ocaml-nx", "reference"}


def test_the_registry_holds_every_bundled_implementation():
    assert {i.name for i in registry.implementations()} == BUNDLED


def test_every_adapter_name_has_exactly_one_owner():
    for implementation in registry.implementations():
        for name in implementation.adapters():
            owners = [i.name for i in registry.implementations() if i.owns(name)]
            assert owners == [implementation.name], name


def test_setup_and_compare_libraries_are_read_from_the_registry():
    assert set(registry.built_from_sources()) == {"arraymancer", "ocaml-nx"}
    tables = registry.with_counterparts()
    assert set(tables) == {"arraymancer"} and tables["arraymancer"].is_file()


def test_a_name_no_implementation_owns_is_unknown_with_near_names():
    with pytest.raises(UnknownAdapter, match="did you mean reference"):
        discovery.load_adapter("referenc")


NEW_IMPLEMENTATION = '''
    """`echo-float32`: a sixth implementation, added as one folder."""

    from adapters.base import Implementation
    from adapters.reference.adapter import ReferenceAdapter


    class EchoFloat32(Implementation):
        name = "echo-float32"
        summary = "the reference, restricted to float32"

        def load(self, adapter_name, *, timeout=None):
            adapter = ReferenceAdapter()
            adapter.name = self.name
            adapter.dtypes = frozenset({"float32"})
            return adapter


    IMPLEMENTATION = EchoFloat32()
'''


@pytest.fixture
def one_more_folder(tmp_path, monkeypatch):
    package = tmp_path / "echo_float32"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(NEW_IMPLEMENTATION))
    monkeypatch.setattr(adapters, "__path__", [*adapters.__path__, str(tmp_path)])
    registry.implementations.cache_clear()
    yield
    registry.implementations.cache_clear()


def test_an_implementation_is_added_by_adding_one_folder(one_more_folder):
    assert "echo-float32" in {i.name for i in registry.implementations()}
    assert "echo-float32" in discovery.available()
    adapter = discovery.load_adapter("echo-float32")
    try:
        assert adapter.dtypes == frozenset({"float32"})
    finally:
        adapter.close()


def test_only_load_is_required_of_an_implementation():
    assert Implementation.__abstractmethods__ == frozenset({"load"})
