"""Citations of the documentation: `document:line` and the words found there.

A case (`cites:`) or a triage reason quotes the passage it answers to as a document of
`spec/documents/` and a 1-based line, with its words verbatim. A citation holds when the
quoted words, whitespace normalised, begin on the cited line; they may run on into the
next lines (the rendered pages break a sentence wherever a code span ends). A quote that
is not there, a line past the end or an unknown document is a problem of the case, shown
with what the line does say.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

DOCUMENTS = Path(__file__).resolve().parent.parent / "spec" / "documents"
RUN_ON = 8  # lines a quote may run on into, after the cited one
_SPACE = re.compile(r"\s+")
# A citation inside free text (a triage reason): nx.txt:812 "quoted words"
IN_TEXT = re.compile(r"""([A-Za-z0-9_]+\.(?:txt|mli)):([1-9][0-9]*)\s+(?:"([^"]+)"|'([^']+)')""")


def _normal(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


@cache
def _lines(document: str) -> tuple[str, ...] | None:
    path = DOCUMENTS / document
    if "/" in document or not path.is_file():
        return None
    return tuple(path.read_text(encoding="utf-8").split("\n"))


def documents() -> list[str]:
    return sorted(p.name for p in DOCUMENTS.iterdir() if p.suffix in (".txt", ".mli"))


def problem(at: str, quote: str) -> str | None:
    """Why the citation `at` (`nx.txt:812`) does not hold `quote`, or None when it does."""
    document, _, number = at.rpartition(":")
    lines = _lines(document)
    if lines is None:
        return f"cites {at}: no document {document!r} in spec/documents ({', '.join(documents())})"
    line = int(number) if number.isdigit() else 0
    if not 1 <= line <= len(lines):
        return f"cites {at}: {document} has {len(lines)} lines"
    first = _normal(lines[line - 1])
    text = _normal(" ".join(lines[line - 1 : line + RUN_ON]))
    wanted = _normal(quote)
    start = text.find(wanted)  # the first occurrence: it must begin on the cited line
    if start == -1 or start > len(first):
        return f"cites {at} for {quote!r}, but that line reads {first[:100]!r}"
    return None


def in_text(text: str) -> list[tuple[str, str]]:
    """The citations written into free text: (`document:line`, quote)."""
    return [(f"{m[1]}:{m[2]}", m[3] or m[4]) for m in IN_TEXT.finditer(text)]
