"""Safe YAML loading that remembers where every mapping and list came from.

Case files are written by strangers, so they are read at `yaml.safe_load` level of
safety: only plain scalars, lists and mappings — a Python object tag
(`!!python/object`) is an error, never a constructor call. Every mapping and list
comes back as a `Located` dict/list carrying its 1-based line, and each mapping the
line of each of its keys, so that any problem can be reported as `path:line`.
A key written twice in one mapping is an error (YAML would silently keep the last).
"""

from __future__ import annotations

import re
from typing import Any

import yaml

_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LocatedDict(dict):
    """A mapping from a YAML file: `line` of the mapping, `key_lines[key]` of each key."""

    line: int
    key_lines: dict[str, int]


class LocatedList(list):
    """A list from a YAML file: `line` of the list, `item_lines[i]` of each item."""

    line: int
    item_lines: list[int]


class YamlError(ValueError):
    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


class _LineLoader(_BaseLoader):
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LocatedDict:
    loader.flatten_mapping(node)
    mapping = LocatedDict()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, str | int | float | bool) or key is None:
            raise YamlError(
                key_node.start_mark.line + 1, f"mapping key {key!r} is not a plain scalar"
            )
        if key in mapping:
            raise YamlError(
                key_node.start_mark.line + 1,
                f"key {key!r} appears twice in one mapping "
                f"(first on line {mapping.key_lines[key]})",
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


def _construct_sequence(loader: _LineLoader, node: yaml.SequenceNode) -> LocatedList:
    items = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    items.line = node.start_mark.line + 1
    items.item_lines = [child.start_mark.line + 1 for child in node.value]
    return items


# YAML 1.2 reads `1.0e6` and `1e-3` as floats; PyYAML (YAML 1.1) would read strings.
_LineLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)[eE][-+]?[0-9]+$"),
    list("-+0123456789."),
)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load(text: str) -> Any:
    """Parse one YAML document; raise `YamlError` with the line of the first problem."""
    try:
        return yaml.load(text, Loader=_LineLoader)
    except YamlError:
        raise
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark else 1
        problem = error.problem or "invalid YAML"
        if "could not determine a constructor" in str(error):
            problem = f"tag not allowed in a case file: {problem}"
        raise YamlError(line, f"{error.context + ': ' if error.context else ''}{problem}") from None
    except yaml.YAMLError as error:
        raise YamlError(1, str(error)) from None


def line_of(root: Any, path: tuple) -> int:
    """The line of the deepest located node along `path` (keys and list indexes)."""
    node, line = root, getattr(root, "line", 1)
    for step in path:
        if isinstance(node, LocatedDict) and step in node:
            line = node.key_lines.get(step, line)
            node = node[step]
        elif isinstance(node, LocatedList) and isinstance(step, int) and 0 <= step < len(node):
            line = node.item_lines[step]
            node = node[step]
        else:
            break
        line = getattr(node, "line", line) if isinstance(node, LocatedDict) else line
    return line
