"""The documentation of each function, read from the documents (`spec/documents/`): its
signature, its prose and its worked examples, for the report's function pages; and the
suite's readings (`spec/READINGS.md`) and errata (`spec/ERRATA.md`) by their names.

The documents are text extracted from five documentation pages, each in its own layout, so
there is one small reader per layout:

- `nx.txt` (the `Nx` module): an entry begins at `Sourceval NAME : signature` (the signature
  may wrap) or, for entries without one, at a usage line `NAME arg ?opt ~label` of a
  documented function, looked for only within that function's documentation section
  (`spec/API-INVENTORY.yaml`) and outside worked examples; worked examples are `# code`
  lines, their continuation, then the toplevel's answer (`- : type = value`) until its
  brackets close;
- `nx_core_view.txt` and `nx_core_shape.txt`: a line that begins with a documented
  name (`val NAME : signature` glued to the prose in `nx_core_shape.txt`) begins its entry;
- `arraymancer_shapeshifting.txt`: `proc NAME(...)` declarations (overloads merged), prose up to
  `Source Edit`;
- `bigarray_genarray.txt`: `val NAME : signature` glued to the prose.

An entry ends where the next one or a documentation section begins. `tests/test_docs.py`
checks the readers against `spec/doc-examples.yaml`: every worked example lies in the
entry of the function it is attributed to.

The files are found through the spec package (`spec.documentation`, which names each
namespace's document), the one way a report reads the spec: its documentation, never a
case file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from spec import documentation

SPEC = documentation.ROOT


@dataclass(frozen=True)
class Example:
    at: str  # the example id of `spec/doc-examples.yaml`: document : line of its `#`
    code: str
    output: str


@dataclass
class Entry:
    """One function's documentation."""

    key: str  # `nx.eye`
    at: str  # document : first line of the entry
    last: int = 0  # its last line
    signatures: list[str] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)  # paragraphs
    examples: list[Example] = field(default_factory=list)

    def holds(self, at: str) -> bool:
        """Whether the document line `at` (`nx.txt:150`) is part of this entry."""
        document, _, first = self.at.partition(":")
        other, _, line = at.partition(":")
        return document == other and int(first) <= int(line) <= self.last

    def to_json(self) -> dict:
        return {
            "at": self.at,
            "signatures": self.signatures,
            "prose": self.prose,
            "examples": [e.__dict__ for e in self.examples],
        }


@cache
def entries(spec: Path = SPEC) -> dict[str, Entry]:
    """Every documented function's entry, by `namespace.op`."""
    found: dict[str, Entry] = {}
    for namespace, sections in documentation.inventory(spec).items():
        path = documentation.document(namespace, spec)
        if path is None or not path.is_file():
            continue
        lines = path.read_text(encoding="utf-8").split("\n")
        reader = _READERS[path.name]
        for entry in reader(namespace, path.name, lines, sections):
            found.setdefault(entry.key, entry)
    return found


# --- nx.txt: the Nx module ---------------------------------------------------------------------

_SOURCEVAL = re.compile(r"^Sourceval ([\w']+) :(.*)$")
_USAGE = re.compile(r"^([A-Za-z_][\w']*)((?:\s+[?~]?[A-Za-z_][\w']*)*)\s*$")
_ANSWER = re.compile(r"^(- :|val [\w']+ :|Exception:|Error:)")


def _nx(namespace: str, document: str, lines: list[str], sections: dict) -> Iterator[Entry]:
    names = {op: section for section, ops in sections.items() for op in ops}
    declared = {m.group(1) for m in map(_SOURCEVAL.match, lines) if m}
    headings = _section_lines(lines, list(sections))
    starts: list[tuple[int, str | None]] = []  # (line index, name or None for a heading)
    seen: set[str] = set()
    for i, kind in _line_kinds(lines):
        if kind != "prose":
            continue
        line = lines[i]
        declaration = _SOURCEVAL.match(line)
        if declaration and declaration.group(1) in names:
            starts.append((i, declaration.group(1)))
        elif i in headings.values():
            starts.append((i, None))
        else:
            usage = _USAGE.match(line)
            name = usage and usage.group(1)
            undeclared = name in names and name not in declared
            if undeclared and name not in seen and _in_section(i, names[name], headings):
                starts.append((i, name))
                seen.add(name)
    kinds = dict(_line_kinds(lines))
    for number, (begin, name) in enumerate(starts):
        if name is None:
            continue
        end = starts[number + 1][0] if number + 1 < len(starts) else len(lines)
        yield _nx_entry(f"{namespace}.{name}", document, (lines, kinds), begin, end, name)


def _section_lines(lines: list[str], sections: list[str]) -> dict[str, int]:
    """Where each documentation section's heading is (a section without a heading line
    continues the one before)."""
    at = {}
    for section in sections:
        found = [i for i, line in enumerate(lines) if line.strip() == section]
        if found:
            at[section] = found[0]
    return at


def _in_section(i: int, section: str, headings: dict[str, int]) -> bool:
    begin = headings.get(section)
    if begin is None:
        earlier = [at for at in headings.values() if at < i]
        return bool(earlier)
    later = [at for at in headings.values() if at > begin]
    return begin < i < (min(later) if later else 1 << 30)


def _line_kinds(lines: list[str]) -> Iterator[tuple[int, str]]:
    """Each line as `prose`, `code` (of a worked example) or `answer` (the toplevel's)."""
    state, depth = "prose", 0
    for i, line in enumerate(lines):
        if line.startswith("# "):
            state = "code"
        elif state == "code" and _ANSWER.match(line):
            state, depth = "answer", 0
        elif state == "answer" and depth <= 0 and not _continues(lines[i - 1]):
            state = "prose"
        if state == "answer":
            depth += _depth(line)
        yield i, state


def _continues(line: str) -> bool:
    return line.rstrip().endswith(("=", ",", "->", ";"))


def _depth(line: str) -> int:
    return sum(line.count(o) - line.count(c) for o, c in ("[]", "()", "{}"))


def _nx_entry(
    key: str, document: str, text: tuple[list[str], dict[int, str]], begin: int, end: int, name: str
) -> Entry:
    lines, kinds = text
    entry = Entry(key, f"{document}:{begin + 1}", last=end)
    body = range(begin, end)
    first = begin
    declaration = _SOURCEVAL.match(lines[begin])
    if declaration:
        signature = [f"val {name} :{declaration.group(2)}"]
        first = begin + 1
        while first < end and not _USAGE.match(lines[first]) and not lines[first].startswith(name):
            signature.append(lines[first].strip())
            first += 1
        entry.signatures.append(" ".join(signature).replace("( ", "("))
    prose = [lines[i] for i in body if i >= first and kinds[i] == "prose"]
    entry.prose = _paragraphs(prose)
    i = first
    while i < end:
        if kinds[i] == "code" and lines[i].startswith("# "):
            code, answer, j = [lines[i][2:]], [], i + 1
            while j < end and kinds[j] == "code" and not lines[j].startswith("# "):
                code.append(lines[j])
                j += 1
            while j < end and kinds[j] == "answer":
                answer.append(lines[j])
                j += 1
            example = Example(f"{document}:{i + 1}", "\n".join(code), "\n".join(answer))
            entry.examples.append(example)
            i = j
        else:
            i += 1
    return entry


def _paragraphs(lines: list[str]) -> list[str]:
    """Lines broken around inline code, joined back: a paragraph ends at a full stop or a
    colon followed by a capital or a list item."""
    paragraphs: list[str] = []
    current = ""
    for line in (x.strip() for x in lines):
        if not line:
            continue
        if current and current.endswith((".", ":")) and (line[0].isupper() or line[0] == "-"):
            paragraphs.append(current)
            current = line
        elif not current or line[0] in ".,;:)" or current.endswith(("(", "[")):
            current += line
        else:
            current += " " + line
    if current:
        paragraphs.append(current)
    return paragraphs


# --- Nx_core.View and Nx_core.Shape ---------------------------------------------------------

_VAL = re.compile(r"^val ([\w']+) : ")


def _by_leading_name(
    namespace: str, document: str, lines: list[str], sections: dict
) -> Iterator[Entry]:
    names = {op for ops in sections.values() for op in ops}
    headings = {s.lower() for s in sections}
    current: Entry | None = None
    for i, line in enumerate(lines):
        declared = _VAL.match(line)
        name = declared.group(1) if declared else line.split(" ", 1)[0]
        heading = line.strip().lower() in headings
        begins = name in names and (current is None or current.key != f"{namespace}.{name}")
        if heading or begins:
            if current:
                yield current
            current = None if heading else Entry(f"{namespace}.{name}", f"{document}:{i + 1}")
            if current and declared:
                signature, line = _glued(name, line[declared.end() :])
                current.signatures.append(f"val {name} : {signature}")
        if current and line.strip() and not heading:
            current.prose.append(line.strip())
            current.last = i + 1
    if current:
        yield current


def _glued(name: str, text: str) -> tuple[str, str]:
    """`t -> intnumel shape is ...` -> (`t -> int`, `numel shape is ...`): a signature
    glued to its prose, cut where the name comes back or a capitalised word begins."""
    cuts = [m.start() + 1 for m in re.finditer(r"[a-z0-9')][A-Z][a-z]", text)]
    again = text.find(name)
    if again > 0:
        cuts.append(again)
    if not cuts:
        return text.strip(), ""
    cut = min(cuts)
    signature = text[:cut]
    if signature.endswith("Genarray."):
        signature, cut = signature[: -len("Genarray.")], cut - len("Genarray.")
    return signature.strip(), text[cut:].strip()


# --- Arraymancer -------------------------------------------------------------------------------

_PROC = re.compile(r"^(?:proc|func|template|macro) ([\w`]+)")


def _arraymancer(
    namespace: str, document: str, lines: list[str], sections: dict
) -> Iterator[Entry]:
    names = {op for ops in sections.values() for op in ops}
    found: dict[str, Entry] = {}
    i = 0
    while i < len(lines):
        declared = _PROC.match(lines[i])
        if not declared or declared.group(1) not in names:
            i += 1
            continue
        name = declared.group(1)
        entry = found.setdefault(name, Entry(f"{namespace}.{name}", f"{document}:{i + 1}"))
        signature = [lines[i].strip()]
        while i + 1 < len(lines) and _open(" ".join(signature)):
            i += 1
            signature.append(lines[i].strip())
        entry.signatures.append(" ".join(s for s in signature if s))
        i += 1
        prose = []
        while i < len(lines) and not _PROC.match(lines[i]):
            text, edit, _ = lines[i].partition("Source Edit")
            if text.strip():
                prose.append(text.strip())
            i += 1
            if edit:
                break
        entry.last = i
        if not entry.prose:
            entry.prose = prose
    yield from found.values()


def _open(declaration: str) -> bool:
    """Whether a Nim declaration goes on: a pragma `{.` not closed, or brackets open."""
    unclosed_pragma = declaration.count("{.") > declaration.count(".}")
    return unclosed_pragma or _depth(declaration.replace("{.", "").replace(".}", "")) > 0


# --- Bigarray.Genarray -------------------------------------------------------------------------


def _genarray(namespace: str, document: str, lines: list[str], sections: dict) -> Iterator[Entry]:
    names = {op for ops in sections.values() for op in ops}
    current: Entry | None = None
    for i, line in enumerate(lines):
        declared = _VAL.match(line)
        if declared:
            if current:
                yield current
            current = None
            name = declared.group(1)
            if name in names:
                current = Entry(f"{namespace}.{name}", f"{document}:{i + 1}")
                signature, line = _glued(name, line[declared.end() :])
                current.signatures.append(f"val {name} : {signature}")
        if current and line.strip():
            current.prose.append(line.strip())
            current.last = i + 1
    if current:
        yield current


_READERS = {
    "nx.txt": _nx,
    "nx_core_view.txt": _by_leading_name,
    "nx_core_shape.txt": _by_leading_name,
    "arraymancer_shapeshifting.txt": _arraymancer,
    "bigarray_genarray.txt": _genarray,
}


# --- Readings and errata ------------------------------------------------------------------------

_READING = re.compile(r"^## (R\d+)\.\s*(.*)$")
_ERRATUM = re.compile(r"^## (.+?)\s*$")


@cache
def readings(spec: Path = SPEC) -> dict[str, dict[str, str]]:
    """`spec/READINGS.md` by number (`R7`): its title and text."""
    return _sections(spec / "READINGS.md", _READING)


@cache
def errata(spec: Path = SPEC) -> dict[str, dict[str, str]]:
    """`spec/ERRATA.md` by heading (`nx.arange`): its title and text."""
    return _sections(spec / "ERRATA.md", _ERRATUM)


def _sections(path: Path, heading: re.Pattern) -> dict[str, dict[str, str]]:
    if not path.exists():
        return {}
    found: dict[str, dict[str, str]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").split("\n"):
        match = heading.match(line)
        if match:
            current = []
            title = match.group(2) if heading.groups > 1 else match.group(1)
            found[match.group(1)] = {"title": title, "text": ""}
            key = match.group(1)
        elif line.startswith("## ") or line.startswith("# "):
            current = None
        elif current is not None:
            current.append(line)
            found[key]["text"] = "\n".join(current).strip()
    return found
