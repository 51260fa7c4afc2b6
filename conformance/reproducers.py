"""Minimal standalone OCaml reproducers of `nx` cases, for Nx's maintainers.

For a case of the `nx` namespace whose arguments are plain values (tensors, scalars, int
arrays, dtypes, variants, tuples, lists, options, index specs), `reproducer(case)` writes a
small OCaml program (`main.ml`, and a `dune` file with `(libraries nx)`) that

- builds each argument with `Nx.create` in the case's dtype (the dtype constructors of the
  driver's own table for the release, `adapters/ocaml_nx/src/*/dtype_table.ml`), every
  element a literal of the documented element type (`1.5`, `3l`, `{Complex.re; im}`, ...);
- calls `Nx.<op>` with its positional arguments in the documented order and its labelled
  ones by label (`~axis:0`, `?seed:None`), as `spec/documents/nx.mli` types them;
- prints the expectation first, `expected (documentation: nx.txt:1317): ...` (the case's
  `cites`, else where nx.txt documents the op), then what Nx did: `got:` and the result as
  `Nx.print` shows it, or `got: raised <exception>`; an exception while printing the
  result is reported apart from the call's.

A case that needs the implementation to build an argument (`call`), names a live value
(`ref`, `handle`), passes a function (`fn`), or checks follow-up calls (`properties`,
pipelines) is not reproducible this way: `reproducer` raises `NotReproducible` saying why,
and `why_not(case)` says it without raising.

`run(reproducer, release)` compiles the program with dune against an Nx built by
`nx-conformance setup ocaml-nx` (the environment the driver is built in: the toolchain's
bin on PATH, OCAMLPATH naming the release's findlib directory; or opam's Nx) and returns
what it printed; it, the `Reproducer` record, the refusal of live arguments and string
quoting are `conformance/reproducing.py`'s, shared with the Nim writer. Linking against
1.0.0~alpha1 takes about 20 s (its pocketfft is `-flto`), against alpha3 about a second.

This module reads the cases and the documents only; it never computes an expectation.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from adapters import values as v
from conformance import reproducing
from conformance.cases import Case, Expectation
from conformance.reproducing import NotReproducible
from conformance.reproducing import ReproducerFailed as ReproducerFailed  # for `findings`
from conformance.reproducing import run as run

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ROOT / "spec" / "documents"
DRIVER_SOURCES = ROOT / "adapters" / "ocaml_nx" / "src"
DEFAULT_RELEASE = "1.0.0_alpha1"
MAIN = "main.ml"  # the program's file in its directory
DUNE = "(executable\n (name main)\n (libraries nx))\n"
DUNE_PROJECT = "(lang dune 3.0)\n"
BUILD = ("dune", "build", "--profile", "release", "--root", ".", "./main.exe")


class Reproducer(reproducing.Reproducer):
    """A standalone program: `main_ml`, `dune` and an empty dune-project in its directory."""

    @property
    def main_ml(self) -> str:
        return self.file(MAIN)

    @property
    def dune(self) -> str:
        return self.file("dune")

    def build(self, release: str | None = None) -> reproducing.Build:
        """Dune against Nx `release` (default: the program's), in the environment the
        driver is built in; a kept directory keeps its `_build`."""
        from adapters import ocaml_nx  # the adapter knows where setup (or opam) put Nx

        chosen = ocaml_nx.target(release or self.release)
        return reproducing.Build(
            lambda _: BUILD,
            executable="_build/default/main.exe",
            against=f"Nx {chosen.release}",
            temporary="nx-reproducer-",
            env=chosen.env,
        )


# --- Which cases ---------------------------------------------------------------------------


def _ocaml_kind(x: Any) -> str | None:
    """An argument form the program cannot write in OCaml: a function of the runner's, or
    a value built outside Nx."""
    if isinstance(x, v.Fn):
        return f"a function argument ({x.name}, a `fn` of the runner's registry)"
    if isinstance(x, v.GenarrayValue | v.ViewValue):
        return f"a {type(x).__name__} argument, which the program would build outside Nx"
    return None


def why_not(case: Case) -> str | None:
    """Why `case` cannot be reproduced standalone, or None when it can."""
    if case.namespace != "nx":
        return f"{case.id}: only `nx` cases are reproduced (namespace {case.namespace})"
    shared = reproducing.why_not(case, _ocaml_kind)
    if shared:
        return shared
    if _has_ref(case.expect):
        return f"{case.id} expects a value that refers to its arguments after the call"
    if _signature(case.op) is None:
        return f"{case.id}: nx.mli documents no `val {case.op}`"
    return None


def _has_ref(value: Any) -> bool:
    return value is not None and any(isinstance(x, v.Ref) for x in v.walk(value))


# --- The documented signature --------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    label: str | None  # None: positional
    optional: bool
    type: str


@dataclass(frozen=True)
class Signature:
    line: int  # of `val op` in nx.mli
    params: tuple[Param, ...]
    result: str

    @property
    def positional(self) -> list[Param]:
        return [p for p in self.params if p.label is None]

    def labelled(self, label: str) -> Param | None:
        return next((p for p in self.params if p.label == label), None)


@cache
def _mli() -> tuple[str, ...]:
    return tuple((DOCUMENTS / "nx.mli").read_text(encoding="utf-8").split("\n"))


def _split_top(text: str, sep: str) -> list[str]:
    """`text` split on `sep` outside brackets and parentheses."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i].strip())
            i += len(sep)
            start = i
            continue
        i += 1
    parts.append(text[start:].strip())
    return parts


@cache
def _signature(op: str) -> Signature | None:
    lines = _mli()
    head = re.compile(rf"^val {re.escape(op)} :(.*)$")
    for number, line in enumerate(lines, 1):
        found = head.match(line)
        if not found:
            continue
        text = [found.group(1)]
        for more in lines[number:]:
            stripped = more.strip()
            if not stripped or stripped.startswith(("(*", "val ", "type ", "module ")):
                break
            text.append(stripped)
        arrows = _split_top(" ".join(text), "->")
        params = []
        for part in arrows[:-1]:
            labelled = re.match(r"^(\?)?([a-z_][A-Za-z0-9_']*):(?!:)(.*)$", part)
            if labelled:
                params.append(Param(labelled.group(2), bool(labelled.group(1)), labelled.group(3)))
            else:
                params.append(Param(None, False, part))
        return Signature(number, tuple(params), arrows[-1])
    return None


@cache
def _nx_txt() -> tuple[str, ...]:
    return tuple((DOCUMENTS / "nx.txt").read_text(encoding="utf-8").split("\n"))


def documentation(case: Case) -> str:
    """Where the documentation states what the case expects: the case's first `cites`
    (`nx.txt:1317`), else the line nx.txt documents the op on, else its `val` in nx.mli."""
    cites = getattr(case, "cites", ())
    if cites:
        return cites[0].at
    usage = re.compile(rf"^{re.escape(case.op)}(\s|$)")
    for number, line in enumerate(_nx_txt(), 1):
        if usage.match(line):
            return f"nx.txt:{number}"
    signature = _signature(case.op)
    return f"nx.mli:{signature.line}" if signature else case.location


# --- Dtypes: the driver's table ------------------------------------------------------------

# The sources of each release's driver, as adapters/ocaml_nx builds it (later replaces).
_RELEASE_DIRS = {
    "1.0.0_alpha1": ("common", "alpha1"),
    "1.0.0_alpha2": ("common", "alpha1", "alpha2"),
    "1.0.0_alpha3": ("common", "alpha1", "alpha2", "alpha3"),
}
_ENTRY = re.compile(r'\("([a-z0-9_]+)",\s*D\s+(Nx\.[a-z0-9_]+)\)')


@cache
def dtype_constructors(release: str = DEFAULT_RELEASE) -> dict[str, str]:
    """Documented dtype name -> the Nx value the driver uses for it in this release
    (`complex32` is `Nx.complex64` in alpha3); a dtype the release lacks is absent."""
    table = None
    for directory in _RELEASE_DIRS.get(release, _RELEASE_DIRS[DEFAULT_RELEASE]):
        path = DRIVER_SOURCES / directory / "dtype_table.ml"
        if path.is_file():
            table = path
    assert table is not None, "the driver has a dtype table"
    return dict(_ENTRY.findall(table.read_text(encoding="utf-8")))


# --- OCaml literals ------------------------------------------------------------------------


def _float(x: float) -> str:
    if math.isnan(x):
        return "Float.nan"
    if math.isinf(x):
        return "Float.infinity" if x > 0 else "Float.neg_infinity"
    text = repr(float(x))
    if not any(c in text for c in ".e"):
        text += "."
    return f"({text})" if text.startswith("-") else text


def _int(n: int, suffix: str = "") -> str:
    text = f"{int(n)}{suffix}"
    return f"({text})" if text.startswith("-") else text


def _complex(z: complex) -> str:
    return f"{{Complex.re = {_float(z.real)}; im = {_float(z.imag)}}}"


_SUFFIX = {"int32": "l", "int64": "L", "nativeint": "n"}


def _element(x: Any, ocaml_type: str) -> str:
    """One element (or scalar) as a literal of the documented element type."""
    if ocaml_type == "float":
        return _float(float(x))
    if ocaml_type == "Complex.t":
        return _complex(complex(x))
    if ocaml_type == "bool":
        return "true" if bool(x) else "false"
    return _int(int(x), _SUFFIX.get(ocaml_type, ""))


def _string(s: str) -> str:
    """An OCaml string literal: a control character as its decimal code, `\\001`."""
    return reproducing.string_literal(s, "\\{:03d}")


class _Writer:
    """Turns the case's values into OCaml expressions; each tensor becomes a `let`."""

    def __init__(self, case: Case, release: str):
        self.case = case
        self.constructors = dtype_constructors(release)
        self.release = release
        self.lets: list[str] = []
        self.element = self._element_type()

    def _element_type(self) -> str | None:
        """The element type `'a` stands for: the first tensor's or dtype argument's."""
        for value in (*self.case.args, *self.case.kwargs.values()):
            for x in v.walk(value):
                if isinstance(x, v.TensorValue):
                    return x.dtype.ocaml_type
                if isinstance(x, v.DTypeValue):
                    return x.dtype.ocaml_type
        return None

    def dtype(self, dtype: Any) -> str:
        try:
            return self.constructors[dtype.name]
        except KeyError:
            raise NotReproducible(
                f"{self.case.id}: Nx {self.release} has no dtype {dtype.name}"
            ) from None

    def tensor(self, t: v.TensorValue, name: str) -> str:
        flat = t.data.reshape(-1)
        kind = t.dtype.ocaml_type
        elements = "; ".join(_element(x, kind) for x in flat.tolist())
        shape = "; ".join(str(d) for d in t.shape)
        self.lets.append(
            f"  let {name} = Nx.create {self.dtype(t.dtype)} [|{shape}|] [|{elements}|] in"
        )
        return name

    def value(self, x: Any, typ: str, name: str) -> str:
        """`x` as an OCaml expression of the documented type `typ` ("" if unknown)."""
        typ = typ.strip()
        if isinstance(x, v.TensorValue):
            return self.tensor(x, name)
        if isinstance(x, bool):
            return "true" if x else "false"
        if isinstance(x, int | float):
            return self.scalar(x, typ)
        if isinstance(x, complex):
            return _complex(x)
        if isinstance(x, str):
            return _string(x)
        if isinstance(x, v.Ints):
            return self.sequence([_int(i) for i in x.items], typ)
        if isinstance(x, v.Floats):
            return self.sequence([_float(f) for f in x.items], typ)
        if isinstance(x, v.Pairs):
            return self.sequence([f"({_int(a)}, {_int(b)})" for a, b in x.items], typ)
        if isinstance(x, v.DTypeValue):
            return self.dtype(x.dtype)
        if isinstance(x, v.Variant):
            return self.variant(x, typ, name)
        if isinstance(x, v.Tuple):
            parts = _split_top(typ.strip("()"), "*") if "*" in typ else []
            items = [
                self.value(item, parts[i] if i < len(parts) else "", f"{name}_{i}")
                for i, item in enumerate(x.items)
            ]
            return "(" + ", ".join(items) + ")"
        if isinstance(x, v.List):
            inner = re.sub(r"\s*\b(list|array)$", "", typ)
            items = [self.value(item, inner, f"{name}_{i}") for i, item in enumerate(x.items)]
            return self.sequence(items, typ)
        if isinstance(x, v.Option):
            if x.value is None:
                return "None"
            inner = re.sub(r"\s*\boption$", "", typ)
            return f"(Some {self.value(x.value, inner, name)})"
        if isinstance(x, v.Index):
            return (
                "[" + "; ".join(self.index(s, f"{name}_{i}") for i, s in enumerate(x.specs)) + "]"
            )
        if isinstance(x, v.Unit):
            return "()"
        raise NotReproducible(f"{self.case.id}: no OCaml literal for {x!r}")

    def scalar(self, x: int | float, typ: str) -> str:
        """A number where the signature has `typ`: `'a` is the element type of the case's
        tensor. OCaml converts nothing: an int where a float is expected (or the reverse)
        does not type-check, so it is no program to run (the driver answers unsupported)."""
        expected = self.element if typ in ("'a", "") and self.element else (typ or "")
        is_int = isinstance(x, int)
        if expected in ("", "float") and not is_int:
            return _float(x)
        if expected in ("int", "int32", "int64", "nativeint") and is_int:
            return _int(x, _SUFFIX.get(expected, ""))
        if expected == "" and is_int:
            return _int(x)
        raise NotReproducible(
            f"{self.case.id}: {'an int' if is_int else 'a float'} {x!r} where OCaml expects "
            f"{expected}: the call does not type-check"
        )

    @staticmethod
    def sequence(items: list[str], typ: str) -> str:
        if typ.endswith("list"):
            return "[" + "; ".join(items) + "]"
        return "[|" + "; ".join(items) + "|]"

    def variant(self, x: v.Variant, typ: str, name: str) -> str:
        if x.name in ("std_formatter", "err_formatter"):
            return f"Format.{x.name}"
        if not x.has_payload:
            return f"`{x.name}"
        payload_type = re.search(rf"`{re.escape(x.name)} of ([^|\]]+)", typ)
        payload = self.value(x.payload, payload_type.group(1) if payload_type else "", name)
        return f"(`{x.name} {payload})"

    def index(self, spec: v.IndexSpec, name: str) -> str:
        kind = spec.kind.value
        if spec.arg is None:
            return f"Nx.{kind}"
        if kind == "I":
            return f"Nx.I {_int(spec.arg)}"
        if kind == "M":
            return f"Nx.M {self.value(spec.arg, '', name)}"
        items = [_int(i) for i in spec.arg]
        if kind == "L":
            return "Nx.L [" + "; ".join(items) + "]"
        return f"Nx.{kind} (" + ", ".join(items) + ")"


# --- Printing the outcome ------------------------------------------------------------------


def _printer(typ: str, expr: str) -> str:
    """OCaml that prints `expr` of the documented type `typ`."""
    typ = typ.strip()
    if typ.startswith("(") and typ.endswith(")") and len(_split_top(typ[1:-1], ",")) == 1:
        typ = typ[1:-1].strip()
    tuple_parts = _split_top(typ, "*")
    if len(tuple_parts) > 1:
        names = [f"r{i}" for i in range(len(tuple_parts))]
        body = "; ".join(_printer(t, n) for t, n in zip(tuple_parts, names, strict=True))
        return f"(let ({', '.join(names)}) = {expr} in {body})"
    if re.search(r"\bt (list|array)$", typ):
        iterate = "List.iter" if typ.endswith("list") else "Array.iter"
        return f"{iterate} Nx.print {expr}"
    if re.search(r"\)\s*t$", typ) or typ == "t":
        return f"Nx.print {expr}"
    simple = {
        "int": 'Printf.printf "%d\\n"',
        "float": 'Printf.printf "%.17g\\n"',
        "bool": 'Printf.printf "%b\\n"',
        "string": 'Printf.printf "%S\\n"',
        "int32": 'Printf.printf "%ldl\\n"',
        "int64": 'Printf.printf "%LdL\\n"',
        "nativeint": 'Printf.printf "%ndn\\n"',
    }
    if typ in simple:
        return f"{simple[typ]} {expr}"
    if typ == "unit":
        return f'(let () = {expr} in print_endline "()")'
    if typ == "int array":
        items = f"Array.to_list (Array.map string_of_int {expr})"
        return f'print_endline ("[|" ^ String.concat "; " ({items}) ^ "|]")'
    if typ == "int list":
        return f'print_endline ("[" ^ String.concat "; " (List.map string_of_int {expr}) ^ "]")'
    if re.search(r"\)\s*dtype$", typ):
        return f"print_endline (Nx.dtype_to_string {expr})"
    return f'(ignore {expr}; print_endline "(a value of type {typ}, not printed)")'


def _expected_value(x: Any) -> str:
    """The case's expected value, as the expected line shows it."""
    if isinstance(x, v.TensorValue):
        kind = x.dtype.ocaml_type
        flat = [_shown(e, kind) for e in x.data.reshape(-1).tolist()]
        shape = ", ".join(map(str, x.shape))
        return f"{x.dtype.name} tensor of shape [{shape}]: {_nest(flat, x.shape)}"
    if isinstance(x, (v.Tuple, v.List)):
        open_, close = ("(", ")") if isinstance(x, v.Tuple) else ("[", "]")
        return open_ + "; ".join(_expected_value(i) for i in x.items) + close
    if isinstance(x, v.Ints):
        return "[|" + "; ".join(map(str, x.items)) + "|]"
    if isinstance(x, float):
        return _shown(x, "float")
    if isinstance(x, v.DTypeValue):
        return x.dtype.name
    if isinstance(x, v.Option):
        return "None" if x.value is None else f"Some {_expected_value(x.value)}"
    if isinstance(x, v.Variant):
        return f"`{x.name}" + (f" {_expected_value(x.payload)}" if x.has_payload else "")
    if isinstance(x, str):
        return _string(x)
    return repr(x)


def _shown(x: Any, kind: str) -> str:
    if kind == "float":
        x = float(x)
        return (
            "nan"
            if math.isnan(x)
            else ("inf" if x == math.inf else ("-inf" if x == -math.inf else repr(x)))
        )
    if kind == "Complex.t":
        z = complex(x)
        re_, im = _shown(z.real, "float"), _shown(z.imag, "float")
        return f"{re_}{'' if im.startswith('-') else '+'}{im}i"
    if kind == "bool":
        return "true" if x else "false"
    return str(int(x))


def _nest(flat: list[str], shape: tuple[int, ...]) -> str:
    if not shape:
        return flat[0] if flat else "[]"
    if len(shape) == 1:
        return "[" + ", ".join(flat) + "]"
    step = len(flat) // shape[0] if shape[0] else 0
    rows = [_nest(flat[i * step : (i + 1) * step], shape[1:]) for i in range(shape[0])]
    return "[" + ", ".join(rows) + "]"


def expected_line(case: Case, where: str | None = None) -> str:
    """`expected (documentation: nx.txt:LINE): ...`, what the case expects (`where`: the
    passage to name instead of `documentation(case)`'s, for another library's document)."""
    if case.expectation is Expectation.RAISES and case.raises is not None:
        what = f"raises {case.raises}"
    elif case.expectation is Expectation.PRINTS:
        what = f"prints {_string(case.prints or '')}"
    elif case.expectation is Expectation.EXPECT:
        what = _expected_value(case.expect)
        if case.tol is not None and not case.tol.exact:
            what += f" (within {case.tol})"
    else:
        alternatives = getattr(case, "alternatives", ())
        shown = [
            f"raises {a.raises}" if a.raises is not None else _expected_value(a.expect)
            for a in alternatives
        ]
        what = "one of: " + " | ".join(shown) if shown else case.expectation.value
    if case.mutates is not None:
        what += f"; argument {case.mutates.arg} becomes {_expected_value(case.mutates.value)}"
    return f"expected (documentation: {where or documentation(case)}): {what}"


# --- The program ---------------------------------------------------------------------------


def reproducer(case: Case, release: str = DEFAULT_RELEASE) -> Reproducer:
    """The standalone program for `case` (raises `NotReproducible`, saying why)."""
    why = why_not(case)
    if why:
        raise NotReproducible(why)
    signature = _signature(case.op)
    assert signature is not None
    writer = _Writer(case, release)
    positional = signature.positional
    if len(case.args) > len(positional):
        raise NotReproducible(
            f"{case.id} passes {len(case.args)} positional arguments; nx.mli's {case.op} "
            f"takes {len(positional)}"
        )
    args = [writer.value(a, positional[i].type, f"arg{i}") for i, a in enumerate(case.args)]
    labels = []
    for label, value in case.kwargs.items():
        param = signature.labelled(label)
        typ = param.type if param else ""
        if isinstance(value, v.Option) and value.value is None:
            labels.append(f"?{label}:None")
        else:
            inner = value.value if isinstance(value, v.Option) else value
            labels.append(f"~{label}:{writer.value(inner, typ, label)}")
    call = " ".join([f"Nx.{case.op}", *labels, *args])
    expected = expected_line(case)
    after = ""
    mutated = case.mutates.arg if case.mutates is not None else None
    if (
        mutated is not None
        and mutated < len(args)
        and isinstance(case.args[mutated], v.TensorValue)
    ):
        arg = args[case.mutates.arg]
        after = (
            f'\n  print_endline "argument {case.mutates.arg} after the call:";\n  Nx.print {arg};'
        )
    header = (
        f"(* {case.id}\n   ({case.location}), on Nx {release.replace('_', '~')}.\n"
        f"   {_comment(expected)} *)\n"
    )
    body = "\n".join(writer.lets)
    main = f"""{header}
let () =
{body}
  print_endline {_string(expected)};
  (match {call} with
  | exception e -> print_endline ("got: raised " ^ Printexc.to_string e)
  | result -> (
      print_endline "got:";
      try {_printer(signature.result, "result")}
      with e -> print_endline ("printing the result raised " ^ Printexc.to_string e)));{after}
  Format.print_flush ();
  flush stdout
"""
    main = main.replace("let () =\n\n", "let () =\n")
    files = ((MAIN, main), ("dune", DUNE), ("dune-project", DUNE_PROJECT))
    return Reproducer(case.id, release, files, expected)


def _comment(text: str) -> str:
    """`text` safe inside an OCaml comment (no comment delimiters, balanced quotes)."""
    text = text.replace("(*", "( *").replace("*)", "* )")
    return text.replace('"', "'")
