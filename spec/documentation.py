"""The documentation as the spec ships it, for the readers that show it (a report's function
pages, its matrix by documentation section): where each file is, and its two data files read.

- `documents/`: the documentation's text, one document per namespace (`document`);
- `API-INVENTORY.yaml`: every documented function, by namespace and documentation section;
- `doc-examples.yaml`: every worked example of the documentation, by function;
- `READINGS.md`, `ERRATA.md`: the suite's numbered readings and its errata.

Never a case file: case files are the runner's to read (`conformance.cases`), and a report
learns about cases from result files only.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from spec.vocabulary import DOCUMENT_OF

ROOT = Path(__file__).resolve().parent
DOCUMENTS = ROOT / "documents"
READINGS = ROOT / "READINGS.md"
ERRATA = ROOT / "ERRATA.md"

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def document(namespace: str, root: Path = ROOT) -> Path | None:
    """The document of a namespace's functions (None: a namespace without one)."""
    name = DOCUMENT_OF.get(namespace)
    return root / "documents" / name if name else None


@cache
def inventory(root: Path = ROOT) -> dict[str, dict[str, list[str]]]:
    """`API-INVENTORY.yaml`: namespace -> documentation section -> its functions."""
    text = (root / "API-INVENTORY.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER)


@cache
def examples() -> list[dict[str, Any]]:
    """`doc-examples.yaml`: every worked example (`at`, `function`, `text`, ...)."""
    text = (ROOT / "doc-examples.yaml").read_text(encoding="utf-8")
    return yaml.load(text, Loader=_LOADER)["examples"]
