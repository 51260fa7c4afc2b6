"""Case files -> immutable `Case`s, with every problem reported as `path:line: message`.

A spec root is a directory of `*.yaml` case files (`spec/FORMAT.md`). Each file is
read safely (`yaml_lines`), checked against `spec/schema.json`, and each of its cases
decoded (`adapters.codec`: tensor data length, dtype names, value ranges). A problem
excludes only what it touches: a YAML syntax error or a bad file header loses the
file, a bad case loses that case; everything else still runs. Two cases with one id
are an error (the second is dropped).
"""

from __future__ import annotations

import contextlib
import enum
import fnmatch
import gc
import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from adapters import codec
from adapters import values as v
from conformance import citations, expr, signatures, spec_cache, yaml_lines
from spec import dtypes, vocabulary
from spec.vocabulary import ErrorKind

if TYPE_CHECKING:
    import jsonschema


# Where a case comes from (`source:`) and what it answers to (`basis:`, in the order of
# authority of spec/AUTHORING.md): the spec's vocabularies (`spec/vocabulary.yaml`).
Source = vocabulary.enumeration("Source", vocabulary.SOURCES, __name__)
Basis = vocabulary.enumeration("Basis", vocabulary.BASES, __name__)


class Expectation(enum.Enum):
    """What a case checks; exactly one per case."""

    EXPECT = "expect"
    RAISES = "raises"
    PROPERTIES = "properties"
    PRINTS = "prints"
    ANY_OF = "any_of"  # several accepted outcomes (a reading leaves the choice open)


# A case that does not say its basis (a file written to the contract alone) has the one its
# source implies: documented sources answer to the documentation, the others to a reading.
_BASIS_OF_SOURCE = {source: Basis(basis) for source, basis in vocabulary.BASIS_OF_SOURCE.items()}


class CheckKind(enum.Enum):
    """The property checks of `properties:`."""

    SHAPE_IS = "shape_is"
    DTYPE_IS = "dtype_is"
    LENGTH_IS = "length_is"
    EQUALS = "equals"
    ITEM_IS = "item_is"
    IN_RANGE = "in_range"
    CONTAINS = "contains"
    SAME_AS_RERUN = "same_as_rerun"
    ALLCLOSE = "allclose"
    HOLDS = "holds"
    PIPELINE = "pipeline"


@dataclass(frozen=True)
class Tol:
    """A tolerance: `exact` (bit-exact floats) or |got - want| <= atol + rtol * |want|.
    `zero_sign_open`: +0.0 and -0.0 compare equal even when exact (`zero_sign: any`)."""

    rtol: float = 0.0
    atol: float = 0.0
    exact: bool = False
    zero_sign_open: bool = False

    def __str__(self) -> str:
        text = "exact" if self.exact else f"rtol={self.rtol:g}, atol={self.atol:g}"
        return text + (", either sign of zero" if self.zero_sign_open else "")


EXACT = Tol(exact=True)


@dataclass(frozen=True)
class Raises:
    kinds: tuple[ErrorKind, ...]
    match: str | None = None

    def __str__(self) -> str:
        names = " or ".join(k.value for k in self.kinds)
        return names + (f" matching /{self.match}/" if self.match else "")


@dataclass(frozen=True)
class Cite:
    """A passage a case answers to: `document:line` of `spec/documents/` and its words."""

    at: str
    quote: str


@dataclass(frozen=True)
class Alternative:
    """One accepted outcome of an `any_of` case: a value (with its tolerance), a raise or a
    printed text."""

    expectation: Expectation
    expect: Any = None
    tol: Tol | None = None
    raises: Raises | None = None
    prints: str | None = None
    properties: tuple[Check, ...] = ()  # checks of the result (no pipelines)

    def __str__(self) -> str:
        if self.expectation is Expectation.RAISES:
            return f"raises {self.raises}"
        if self.expectation is Expectation.PRINTS:
            return f"prints {self.prints!r}"
        if self.expectation is Expectation.PROPERTIES:
            return f"returns a result with {len(self.properties)} properties"
        return "returns the expected value"


@dataclass(frozen=True)
class Mutates:
    arg: int
    value: Any


@dataclass(frozen=True)
class Step:
    """One follow-up call of a pipeline."""

    op: str
    args: tuple[Any, ...]
    kwargs: Mapping[str, Any]
    namespace: str | None = None


@dataclass(frozen=True)
class Check:
    """One property check; `fields` holds its decoded fields by name."""

    kind: CheckKind
    of: str
    line: int
    fields: Mapping[str, Any]


@dataclass(frozen=True)
class Case:
    id: str
    namespace: str
    op: str
    name: str
    section: str
    source: Source | None
    args: tuple[Any, ...]
    kwargs: Mapping[str, Any]
    expectation: Expectation
    file: str
    line: int
    expect: Any = None
    tol: Tol | None = None
    raises: Raises | None = None
    prints: str | None = None
    properties: tuple[Check, ...] = ()
    mutates: Mutates | None = None
    returns_arg: int | None = None
    aliases: int | None = None
    aliases_component: int | None = None
    note: str | None = None
    meta: Mapping[str, Any] = field(default_factory=dict)
    dtypes: tuple[str, ...] = ()
    file_meta: Mapping[str, Any] = field(default_factory=dict)  # the file's top-level meta
    alternatives: tuple[Alternative, ...] = ()  # an `any_of` case's accepted outcomes
    stated_basis: Basis | None = None  # `basis:` as written
    cites: tuple[Cite, ...] = ()

    @property
    def location(self) -> str:
        return f"{self.file}:{self.line}"

    @property
    def basis(self) -> Basis:
        """What the expectation answers to: as stated, else as the source implies."""
        if self.stated_basis is not None:
            return self.stated_basis
        source = self.source.value if self.source else ""
        return _BASIS_OF_SOURCE.get(source, Basis.READING)


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


@dataclass
class Spec:
    roots: tuple[str, ...]
    files: list[str] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # The ids of the cases a `select` passed over without loading them (near names for a
    # glob that matches nothing).
    unselected_ids: list[str] = field(default_factory=list)


# --- Paths ------------------------------------------------------------------------------


def bundled_spec() -> Path:
    """The spec directory shipped with the project (beside this package, in a source tree
    and in an installed wheel alike; not looked up by import name, which a directory
    called `spec` in the working directory would shadow)."""
    return Path(__file__).resolve().parent.parent / "spec"


def case_files(roots: Iterable[Path]) -> list[Path]:
    """Every `*.yaml` case file under the roots (a root may also be one file), sorted."""
    found: list[Path] = []
    for root in roots:
        if root.is_file():
            found.append(root)
            continue
        for path in sorted(root.rglob("*.yaml")):
            if _is_case_file(path, root):
                found.append(path)
    return found


_NOT_CASE_FILES = {"API-INVENTORY.yaml", "doc-examples.yaml", "vocabulary.yaml", "labels.yaml"}


def _is_case_file(path: Path, root: Path) -> bool:
    relative = path.relative_to(root)
    return path.name not in _NOT_CASE_FILES and not any(p.startswith(".") for p in relative.parts)


def display_path(path: Path) -> str:
    """The path relative to the working directory when it is inside it (symlinks resolved)."""
    try:
        return str(_resolved(path).relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _resolved(path: Path) -> Path:
    """`path.resolve()`, resolving each directory once (a spec has hundreds of files in a
    few dozen directories, and resolving a path stats each of its components)."""
    path = path.absolute()
    if path.is_symlink():
        return path.resolve()
    return _resolved_directory(path.parent) / path.name


@cache
def _resolved_directory(directory: Path) -> Path:
    return directory.resolve()


# --- Loading ----------------------------------------------------------------------------


@cache
def _validator() -> jsonschema.Draft202012Validator:
    import jsonschema  # imported on first use: a cached file needs no validation

    schema = json.loads((bundled_spec() / "schema.json").read_text())
    return jsonschema.Draft202012Validator(schema)


def load_spec(roots: Sequence[Path | str], select: Sequence[str] = ()) -> Spec:
    """Load and validate every case file under `roots`.

    With `select` (case-id globs), a file whose cases are known from the cache
    (`spec_cache`) and none of which any glob matches is listed in `files` but not loaded;
    a file with problems is always loaded, so that they are reported. Which cases a
    file holds is known only once it has been read, so the first run reads every file."""
    with _no_cyclic_gc():  # the cases are hundreds of thousands of new objects, no cycles
        return _load_spec([Path(r) for r in roots], select)


@contextlib.contextmanager
def _no_cyclic_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector, which would scan the growing heap of new objects
    again and again (a third of the time of loading the bundled spec from the cache)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _load_spec(paths: list[Path], select: Sequence[str]) -> Spec:
    spec = Spec(tuple(str(p) for p in paths))
    seen: dict[str, Case] = {}
    for root in paths:
        if not root.exists():
            spec.problems.append(Problem(str(root), 0, "no such file or directory"))
    for path in case_files(p for p in paths if p.exists()):
        shown = display_path(path)
        spec.files.append(shown)
        header = _cached_header(path, shown) if select else None
        if header is not None and not _matches(header, select):
            spec.unselected_ids.extend(header.ids)
            continue
        cases, problems = load_file(path, shown)
        spec.problems.extend(problems)
        for case in cases:
            if case.id in seen:
                first = seen[case.id]
                spec.problems.append(
                    Problem(
                        case.file,
                        case.line,
                        f"duplicate case id {case.id!r} (first at {first.location})",
                    )
                )
                continue
            seen[case.id] = case
            spec.cases.append(case)
    return spec


def _cached_header(path: Path, shown: str) -> spec_cache.Header | None:
    """What the cache knows of an unchanged file without loading it (None: nothing)."""
    try:
        return spec_cache.header(shown, path.read_bytes())
    except OSError:
        return None


def _matches(header: spec_cache.Header, select: Sequence[str]) -> bool:
    """Whether a file must be loaded: it has problems, or a glob matches one of its cases."""
    return header.has_problems or any(
        fnmatch.fnmatchcase(case_id, glob) for case_id in header.ids for glob in select
    )


def load_file(path: Path, shown: str | None = None) -> tuple[list[Case], list[Problem]]:
    """The cases of one file, and its problems (from the cache when the file is unchanged)."""
    shown = shown or display_path(path)
    try:
        content = path.read_bytes()
    except OSError as error:
        return [], [Problem(shown, 1, f"cannot read: {error}")]
    cached = spec_cache.load(shown, content)
    if cached is not None:
        return cached
    cases, problems = _read_file(content, shown)
    spec_cache.store(shown, content, cases, problems)
    return cases, problems


def _read_file(content: bytes, shown: str) -> tuple[list[Case], list[Problem]]:
    """Parse, validate and decode one file's content."""
    try:
        root = yaml_lines.load(content.decode("utf-8"))
    except yaml_lines.YamlError as error:
        return [], [Problem(shown, error.line, error.message)]
    except UnicodeDecodeError as error:
        return [], [Problem(shown, 1, f"cannot read: {error}")]
    if not isinstance(root, Mapping):
        return [], [Problem(shown, 1, "a case file is a mapping with op and cases")]
    problems: list[Problem] = []
    broken_cases: set[int] = set()
    file_broken = False
    for error in _validator().iter_errors(root):
        path_in_file = tuple(error.absolute_path)
        problems.append(Problem(shown, yaml_lines.line_of(root, path_in_file), _explain(error)))
        if (
            len(path_in_file) >= 2
            and path_in_file[0] == "cases"
            and isinstance(path_in_file[1], int)
        ):
            broken_cases.add(path_in_file[1])
        else:
            file_broken = True
    if file_broken:
        return [], _unique(problems)
    header = FileHeader(
        namespace=root.get("namespace", "nx"),
        op=root["op"],
        section=root.get("section", ""),
        file=shown,
        meta=v.frozen_mapping(root.get("meta")),
    )
    cases: list[Case] = []
    names: dict[str, int] = {}
    for index, raw in enumerate(root["cases"]):
        if index in broken_cases:
            continue
        line = getattr(raw, "line", 1)
        try:
            case = build_case(header, raw, line)
        except codec.CodecError as error:
            where = yaml_lines.line_of(root, ("cases", index, *error.path))
            problems.append(Problem(shown, where, f"case {raw.get('name')!r}: {error}"))
            continue
        except expr.ExpressionError as error:
            problems.append(Problem(shown, line, f"case {raw.get('name')!r}: {error}"))
            continue
        if case.name in names:
            problems.append(
                Problem(
                    shown,
                    line,
                    f"case name {case.name!r} is used twice in this "
                    f"file (first on line {names[case.name]})",
                )
            )
            continue
        names[case.name] = line
        cases.append(case)
    return cases, sorted(_unique(problems), key=lambda p: p.line)


def _unique(problems: list[Problem]) -> list[Problem]:
    return list(dict.fromkeys(problems))


def _explain(error: jsonschema.ValidationError) -> str:
    """A readable message for a schema error."""
    instance = error.instance
    if error.validator == "oneOf" and isinstance(instance, Mapping) and "name" in instance:
        present = [e.value for e in Expectation if e.value in instance]
        return (
            f"a case needs exactly one of expect, raises, properties, prints, any_of; "
            f"it has {', '.join(present) or 'none'}"
        )
    if error.validator == "propertyNames":
        bad = next((e.instance for e in error.context), "?")
        allowed = error.schema["propertyNames"].get("enum", [])
        what = "value tag" if "tensor" in allowed else "field"
        return f"unknown {what} {bad!r}; expected one of: {', '.join(allowed)}"
    if error.validator in ("oneOf", "anyOf") and error.context:
        from jsonschema.exceptions import best_match

        return _explain(best_match(error.context))
    if error.validator == "enum" and isinstance(instance, str):
        where = error.absolute_path[-1] if error.absolute_path else "value"
        what = where if isinstance(where, str) else "word"
        if "tensor" in error.validator_value:
            what = "value tag"
        return (
            f"unknown {what} {instance!r}; expected one of: "
            f"{', '.join(map(str, error.validator_value))}"
        )
    if error.validator == "additionalProperties":
        return f"{error.message} (allowed: {', '.join(sorted(error.schema.get('properties', {})))})"
    return error.message


@dataclass(frozen=True)
class FileHeader:
    namespace: str
    op: str
    section: str
    file: str
    meta: Mapping[str, Any] = field(default_factory=dict)


def build_case(header: FileHeader, raw: Mapping[str, Any], line: int) -> Case:
    namespace = raw.get("namespace", header.namespace)
    op = raw.get("op", header.op)
    name = raw["name"]
    args = tuple(codec.decode(a, ("args", i)) for i, a in enumerate(raw.get("args", [])))
    kwargs = codec.decode_kwargs(raw.get("kwargs") or {}, ("kwargs",))
    expectation = next(e for e in Expectation if e.value in raw)
    expect = codec.decode(raw["expect"], ("expect",)) if "expect" in raw else None
    alternatives = tuple(
        _alternative(a, ("any_of", i)) for i, a in enumerate(raw.get("any_of", []))
    )
    properties = tuple(
        _build_check(c, i, getattr(c, "line", line))
        for i, c in enumerate(raw.get("properties", []))
    )
    mutates = None
    if "mutates" in raw:
        mutates = Mutates(
            raw["mutates"]["arg"], codec.decode(raw["mutates"]["value"], ("mutates", "value"))
        )
    case = Case(
        id=f"{namespace}.{op}/{name}",
        namespace=namespace,
        op=op,
        name=name,
        section=header.section,
        source=Source(raw["source"]) if "source" in raw else None,
        args=args,
        kwargs=kwargs,
        expectation=expectation,
        file=header.file,
        line=line,
        expect=expect,
        tol=_tol(raw.get("tol")),
        raises=_raises(raw.get("raises")),
        prints=raw.get("prints"),
        properties=properties,
        mutates=mutates,
        returns_arg=raw.get("returns_arg"),
        aliases=raw["aliases"]["arg"] if "aliases" in raw else None,
        aliases_component=raw["aliases"].get("component") if "aliases" in raw else None,
        note=raw.get("note"),
        meta=v.frozen_mapping(raw.get("meta")),
        file_meta=header.meta,
        dtypes=_mentioned_dtypes(
            (
                *args,
                *kwargs.values(),
                expect,
                mutates.value if mutates else None,
                *(a.expect for a in alternatives),
            ),
            properties,
        ),
        alternatives=alternatives,
        stated_basis=Basis(raw["basis"]) if "basis" in raw else None,
        cites=tuple(Cite(c["at"], c["quote"]) for c in raw.get("cites", [])),
    )
    _check_arg_positions(case)
    _check_required_labels(case)
    _check_cites(case)
    return case


def _check_cites(case: Case) -> None:
    for index, cite in enumerate(case.cites):
        found = citations.problem(cite.at, cite.quote)
        if found:
            raise codec.CodecError(("cites", index), found)


def _tol(raw: Any) -> Tol | None:
    if raw is None:
        return None
    if raw == "exact":
        return EXACT
    return Tol(
        float(raw.get("rtol", 0.0)),
        float(raw.get("atol", 0.0)),
        exact=bool(raw.get("exact", False)),
        zero_sign_open=raw.get("zero_sign") == "any",
    )


_ALTERNATIVES = (Expectation.EXPECT, Expectation.RAISES, Expectation.PRINTS, Expectation.PROPERTIES)


def _alternative(raw: Mapping[str, Any], path: tuple) -> Alternative:
    kind = next(e for e in _ALTERNATIVES if e.value in raw)
    properties = tuple(
        _build_check(c, i, getattr(c, "line", 0)) for i, c in enumerate(raw.get("properties", []))
    )
    if any(check.kind is CheckKind.PIPELINE for check in properties):
        raise codec.CodecError((*path, "properties"), "an accepted outcome checks no pipeline")
    return Alternative(
        kind,
        expect=codec.decode(raw["expect"], (*path, "expect")) if "expect" in raw else None,
        tol=_tol(raw.get("tol")),
        raises=_raises(raw.get("raises")),
        prints=raw.get("prints"),
        properties=properties,
    )


def _raises(raw: Any) -> Raises | None:
    if raw is None:
        return None
    kinds = raw["error"] if isinstance(raw["error"], list) else [raw["error"]]
    match = raw.get("match")
    if match is not None:
        try:
            re.compile(match)
        except re.error as error:
            raise codec.CodecError(
                ("raises", "match"), f"invalid regular expression: {error}"
            ) from None
    return Raises(tuple(ErrorKind(k) for k in kinds), match)


def _build_check(raw: Mapping[str, Any], index: int, line: int) -> Check:
    kind = CheckKind(raw["check"])
    path = ("properties", index)
    fields: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("check", "of", "note"):
            continue
        fields[key] = _check_field(kind, key, value, (*path, key))
    return Check(kind, raw.get("of", "out"), line, v.frozen_mapping(fields))


def _check_field(kind: CheckKind, key: str, value: Any, path: tuple) -> Any:
    if key == "tol":
        return _tol(value)
    if key == "raises":
        return _raises(value)
    if key in ("value", "expect") or (key in ("low", "high") and isinstance(value, Mapping)):
        if kind in (CheckKind.ITEM_IS, CheckKind.IN_RANGE) and not isinstance(value, Mapping):
            return _bare_scalar(value, path)
        return codec.decode(value, path)
    if key in ("low", "high"):
        return _bare_scalar(value, path)
    if key == "dtype":
        return dtypes.by_name(value)
    if key in ("shape", "index"):
        return tuple(value)
    if key in ("lhs", "rhs", "expr"):
        return expr.parse(value)
    if key == "steps":
        return tuple(_build_step(s, (*path, i)) for i, s in enumerate(value))
    return value


def _bare_scalar(value: Any, path: tuple) -> Any:
    """`item_is` / `in_range` accept a bare number, bool or [re, im] as well as a tagged value."""
    if isinstance(value, bool):
        return value
    if isinstance(value, list):
        return codec.decode({"complex": value}, path)
    return codec.decode({"float": value}, path) if not isinstance(value, int) else value


def _build_step(raw: Mapping[str, Any], path: tuple) -> Step:
    return Step(
        op=raw["op"],
        args=tuple(codec.decode(a, (*path, "args", i)) for i, a in enumerate(raw.get("args", []))),
        kwargs=codec.decode_kwargs(raw.get("kwargs") or {}, (*path, "kwargs")),
        namespace=raw.get("namespace"),
    )


def _check_arg_positions(case: Case) -> None:
    """`mutates`, `returns_arg`, `aliases` and `argN` refs must name existing arguments."""
    count = len(case.args)
    for label, position in (
        ("mutates", case.mutates.arg if case.mutates else None),
        ("returns_arg", case.returns_arg),
        ("aliases", case.aliases),
    ):
        if position is not None and position >= count:
            raise codec.CodecError(
                (label,), f"argument {position} does not exist (the case has {count} argument(s))"
            )
    for i, arg in enumerate(case.args):
        for value in v.walk(arg):
            if not isinstance(value, v.Ref):
                continue
            match = re.match(r"^arg(\d+)", value.name)
            if not match or int(match.group(1)) >= i:
                raise codec.CodecError(
                    ("args", i),
                    f"ref {value.name!r}: a main-call argument may "
                    f"only refer to an earlier argument (arg0..arg{i - 1})",
                )
    for path, value, in_pipeline in _expected_values(case):
        for ref in (x for x in v.walk(value) if isinstance(x, v.Ref)):
            match = re.match(r"^arg(\d+)", ref.name)
            if match and int(match.group(1)) >= count:
                raise codec.CodecError(path, f"ref {ref.name!r}: the case has {count} argument(s)")
            if ref.name == "prev" and not in_pipeline:
                raise codec.CodecError(path, "ref 'prev' names a pipeline step; there is none here")


def _check_required_labels(case: Case) -> None:
    """Every call of the case gives the labels its documented signature requires (a call
    without one does not type-check in OCaml)."""
    for call in signatures.calls(case):
        missing = signatures.missing_labels(call)
        if missing:
            labels = ", ".join(f"~{label}" for label in missing)
            raise codec.CodecError(
                (*call.path, "kwargs"),
                f"the case omits the required label{'s' * (len(missing) > 1)} {labels} "
                f"of {call.namespace}.{call.op}",
            )


def _expected_values(case: Case):
    """(path, value, in a pipeline) of every expected value of a case, where a `ref` names a
    live value of the case."""
    yield ("expect",), case.expect, False
    for index, alternative in enumerate(case.alternatives):
        yield ("any_of", index, "expect"), alternative.expect, False
    if case.mutates is not None:
        yield ("mutates", "value"), case.mutates.value, False
    for index, check in enumerate(case.properties):
        in_pipeline = check.kind is CheckKind.PIPELINE
        for key in ("value", "low", "high", "expect"):
            if key in check.fields:
                yield ("properties", index, key), check.fields[key], in_pipeline


def _mentioned_dtypes(values: tuple, properties: tuple[Check, ...]) -> tuple[str, ...]:
    """Every dtype a case mentions (for adapter support and per-dtype reports)."""
    found: dict[str, None] = {}

    def visit(value: Any) -> None:
        for item in v.walk(value):
            if isinstance(item, v.TensorValue | v.DTypeValue | v.GenarrayValue):
                found[item.dtype.name] = None

    for value in values:
        visit(value)
    for check in properties:
        for value in check.fields.values():
            if check.kind is CheckKind.DTYPE_IS and isinstance(value, dtypes.DType):
                found[value.name] = None
            elif not isinstance(value, tuple | expr.Expression):
                visit(value)
    return tuple(found)
