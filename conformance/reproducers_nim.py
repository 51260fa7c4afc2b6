"""Minimal standalone Nim reproducers of `arraymancer` cases, for Arraymancer's maintainers.

The counterpart of `conformance/reproducers.py` (OCaml, for Nx), with the same shape and
what `conformance/reproducing.py` holds for both: `reproducer(case) -> Reproducer`
(`.write(dir)` writes `main.nim`) and `run(program) -> stdout`. For a case of the
`arraymancer` namespace whose arguments are plain values (tensors, ints, floats, int
lists, a list of tensors, `rowMajor`/`colMajor`, bools), the program

- builds each tensor with `toTensor` and `reshape` in the Nim element type the driver holds
  the case's dtype in (`adapters/arraymancer/driver.nim`'s `Dtypes` table and its `held`
  proc: int32 as `int32`, int64 as `int`, float16 as its `uint16` bit patterns, ...), a
  zero-size one with `newTensor[T](shape)`; every int argument is a `let` (a negative axis
  given to a `Natural` parameter is then Nim's run-time range check, as in the driver, not
  a compile error);
- calls the documented proc as the driver does (`concat(@[a, b], axis)`,
  `t.permute(@[0, 0])`, ...);
- prints the expectation first, `expected (documentation: arraymancer_shapeshifting.txt:135):
  ...` (the case's `cites`, else where the document declares the proc), then what
  Arraymancer did: `got: Tensor[T] of shape [...]: [...]` (the elements in row-major
  order, nested by the shape), or `got: raised <Name>: <message>`; a Defect (IndexDefect,
  RangeDefect, AssertionDefect: a run-time check that `-d:danger` removes) is caught too and
  named as one, so the program shows what happened instead of dying.

A case that needs the implementation to build an argument (`call`: a transposed input),
names a live value (`ref`, `handle`), checks follow-up calls (`properties`), holds a rank-0
tensor (which Arraymancer cannot make: its shape [] has size 0) or mixes element types
(which Nim refuses when compiling) is not reproducible: `reproducer` raises
`NotReproducible` saying why.

`run(program)` compiles it with the driver's Nim flags against the sources `nx-conformance
setup arraymancer` unpacked (`adapters/arraymancer/toolchain.py`) and returns what it
printed (a dozen seconds: `--opt:none`, as the driver).

This module reads the cases, the driver's source and the document only; it never computes
an expectation.
"""

from __future__ import annotations

import math
import re
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from adapters import values as v
from conformance import reproducing
from conformance.cases import Case, Expectation
from conformance.reproducers import expected_line
from conformance.reproducing import NotReproducible, ReproducerFailed, run

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = "arraymancer_shapeshifting.txt"
DRIVER_SOURCE = ROOT / "adapters" / "arraymancer" / "driver.nim"
DEFAULT_RELEASE = "195c75d4"  # the Arraymancer commit the adapter builds
MAIN = "main.nim"

__all__ = ["NotReproducible", "Reproducer", "ReproducerFailed", "reproducer", "run"]


class Reproducer(reproducing.Reproducer):
    """A standalone Nim program (`main_nim`, the one file), compiled as the driver is."""

    @property
    def main_nim(self) -> str:
        return self.file(MAIN)

    def build(self, release: str | None = None) -> reproducing.Build:
        """`nim c` with the driver's flags (`compile_command`); the generated C is removed.
        `release` is accepted for the OCaml writer's signature: the sources are those setup
        unpacked (Arraymancer 195c75d4)."""
        return reproducing.Build(
            compile_command,
            executable="main",
            against=f"Arraymancer {self.release}",
            temporary="nx-reproducer-nim-",
            scratch="nimcache",
        )


# --- The driver's element types -------------------------------------------------------------

_DTYPE_ROW = re.compile(r'\("([a-z0-9_]+)",\s*(s[A-Za-z0-9]+),\s*(e[A-Za-z0-9]+)')
_HELD = re.compile(r"T is (\w+): Held\(dtype: dtype, store: (s\w+)")


@cache
def element_types() -> dict[str, tuple[str, str]]:
    """Documented dtype name -> (the Nim type the driver holds its elements in, the
    driver's encoding of them: eInt, eFloat, eMinifloat, eComplex, eComplex16, eBool)."""
    source = DRIVER_SOURCE.read_text(encoding="utf-8")
    nim_type = {store: typ for typ, store in _HELD.findall(source)}
    rows = _DTYPE_ROW.findall(source)
    table = {name: (nim_type[store], encoding) for name, store, encoding in rows}
    assert table and all(t for t, _ in table.values()), "driver.nim has its Dtypes table"
    return table


# A complex16 element as the driver holds it: the bit patterns of its two float16 parts.
_COMPLEX16 = """type Complex16 = object
  ## A complex16 element: the bit patterns of its two float16 parts.
  re, im: uint16
"""
_SUFFIX = {"int8": "'i8", "uint8": "'u8", "int16": "'i16", "uint16": "'u16", "int32": "'i32"}


def _float(x: float, nim_type: str) -> str:
    if math.isnan(x):
        text = "NaN"
    elif math.isinf(x):
        text = "Inf" if x > 0 else "-Inf"
    else:
        text = repr(float(x))
        if not any(c in text for c in ".e"):
            text += ".0"
        return text + ("'f32" if nim_type == "float32" else "")
    return f"{nim_type}({text})"


def _elements(t: v.TensorValue) -> tuple[str, list[str]]:
    """The Nim element type of `t` and its elements (row-major) as Nim literals."""
    nim_type, encoding = element_types()[t.dtype.name]
    flat = t.data.reshape(-1)
    if encoding == "eMinifloat":  # the bit patterns of the storage, as the driver holds them
        bits = flat.view(f"u{flat.dtype.itemsize}").tolist()
        return nim_type, [f"{b:#x}{_SUFFIX[nim_type]}" for b in bits]
    if encoding == "eComplex16":
        parts = [np.float16(p).view(np.uint16) for z in flat.tolist() for p in (z.real, z.imag)]
        pairs = zip(parts[::2], parts[1::2], strict=True)
        return nim_type, [f"Complex16(re: {re_:#x}'u16, im: {im:#x}'u16)" for re_, im in pairs]
    if encoding == "eComplex":
        part = "float32" if nim_type == "Complex32" else "float64"
        maker = "complex32" if part == "float32" else "complex64"
        return nim_type, [
            f"{maker}({_float(z.real, part)}, {_float(z.imag, part)})" for z in flat.tolist()
        ]
    if encoding == "eBool":
        return nim_type, ["true" if x else "false" for x in flat.tolist()]
    if encoding == "eFloat":
        return nim_type, [_float(float(x), nim_type) for x in flat.tolist()]
    return nim_type, [f"{int(x)}{_SUFFIX.get(nim_type, '')}" for x in flat.tolist()]


def _ints(items: tuple[int, ...]) -> str:
    return "@[" + ", ".join(map(str, items)) + "]" if items else "newSeq[int]()"


# --- Which cases, and where the document says it ----------------------------------------------

_OPS = {
    "transpose", "asContiguous", "reshape", "broadcast", "bc", "broadcast2", "permute",
    "concat", "squeeze", "unsqueeze", "stack",
}  # fmt: skip


def _nim_kind(x: Any) -> str | None:
    """An argument form Arraymancer cannot hold: a rank-0 tensor."""
    if isinstance(x, v.TensorValue) and not x.shape:
        return "a rank-0 tensor argument, which Arraymancer cannot hold (shape [] has size 0)"
    return None


def why_not(case: Case) -> str | None:
    """Why `case` cannot be reproduced standalone, or None when it can."""
    if case.namespace != "arraymancer":
        return f"{case.id}: only `arraymancer` cases are reproduced in Nim"
    if case.op not in _OPS:
        return f"{case.id}: arraymancer_shapeshifting.txt documents no proc {case.op}"
    shared = reproducing.why_not(case, _nim_kind)
    if shared:
        return shared
    tensors = [x for a in case.args for x in v.walk(a) if isinstance(x, v.TensorValue)]
    if len({element_types()[t.dtype.name][0] for t in tensors}) > 1:
        return f"{case.id} mixes element types, which Nim refuses when compiling ([T] is one)"
    return None


@cache
def _document() -> tuple[str, ...]:
    return tuple((ROOT / "spec" / "documents" / DOCUMENT).read_text(encoding="utf-8").split("\n"))


def documentation(case: Case) -> str:
    """The case's first `cites`, else the line declaring the proc (the overload taking a
    number for `broadcast` of one, else the first with as many parameters as arguments)."""
    if case.cites:
        return case.cites[0].at
    head = re.compile(rf"^(?:proc|template) {re.escape(case.op)}\b[^(]*\((.*)")
    found = [(n, m.group(1)) for n, line in enumerate(_document(), 1) if (m := head.match(line))]
    if not found:
        return DOCUMENT
    given = len(case.args) + len(case.kwargs)
    number = case.args and not isinstance(case.args[0], v.TensorValue | v.List)
    for line, params in found:
        if number and params.startswith("val:"):
            return f"{DOCUMENT}:{line}"
    for line, params in found:
        if not number and len(params.split(")")[0].split(";")) == given:
            return f"{DOCUMENT}:{line}"
    return f"{DOCUMENT}:{found[0][0]}"


# --- The program ------------------------------------------------------------------------------


def _string(s: str) -> str:
    """A Nim string literal: a control character as its hexadecimal code, `\\x01`."""
    return reproducing.string_literal(s, "\\x{:02x}")


class _Writer:
    """Turns the case's arguments into Nim `let`s and the call expression."""

    def __init__(self, case: Case):
        self.case = case
        self.lets: list[str] = []
        self.types: set[str] = set()

    def tensor(self, t: v.TensorValue, name: str) -> str:
        nim_type, items = _elements(t)
        self.types.add(nim_type)
        shape = ", ".join(map(str, t.shape))
        if not items:  # no element to write: a zero-size tensor of the shape
            self.lets.append(f"let {name} = newTensor[{nim_type}]({shape})")
        else:
            data = "@[" + ", ".join(items) + "]"
            self.lets.append(f"let {name} = {data}.toTensor.reshape({shape})")
        if t.dtype.name != nim_type.lower():
            self.lets[-1] += f"  # {t.dtype.name}, held as {nim_type} as the driver holds it"
        return name

    def int_let(self, value: Any, name: str) -> str:
        if not isinstance(value, int) or isinstance(value, bool):
            raise NotReproducible(f"{self.case.id}: {name} is {value!r}, not an int")
        self.lets.append(f"let {name} = {value}")
        return name

    def tensors(self, value: Any, name: str) -> str:
        if not isinstance(value, v.List):
            raise NotReproducible(f"{self.case.id}: a list of tensors expected, got {value!r}")
        if not value.items:
            # An empty list has no element type, which Nim needs: float64 stands for any,
            # as in the driver (the procs read t_list[0] before anything depends on T).
            self.lets.append(f"let {name} = newSeq[Tensor[float64]]()")
            return name
        names = [self.tensor(t, f"{name}_{i}") for i, t in enumerate(value.items)]
        self.lets.append(f"let {name} = @[{', '.join(names)}]")
        return name

    def first(self) -> str:
        if not self.case.args or not isinstance(self.case.args[0], v.TensorValue):
            raise NotReproducible(f"{self.case.id}: its first argument is not a tensor")
        return self.tensor(self.case.args[0], "t")

    def expect_count(self, *counts: int, named: tuple[str, ...] = ()) -> None:
        if len(self.case.args) not in counts or set(self.case.kwargs) - set(named):
            raise NotReproducible(f"{self.case.id}: not a call of a documented {self.case.op}")

    def call(self) -> str:
        """The call expression, as the driver makes it."""
        op, args, kwargs = self.case.op, self.case.args, self.case.kwargs
        if op == "transpose":
            self.expect_count(1)
            return f"{self.first()}.transpose"
        if op == "asContiguous":
            self.expect_count(1, named=("layout", "force"))
            t = self.first()
            layout = kwargs.get("layout")
            layout = layout.name if isinstance(layout, v.Variant) else "rowMajor"
            if layout not in ("rowMajor", "colMajor"):
                raise NotReproducible(f"{self.case.id}: an OrderType is rowMajor or colMajor")
            force = "true" if kwargs.get("force") is True else "false"
            return f"{t}.asContiguous({layout}, force = {force})"
        if op in ("reshape", "permute"):
            self.expect_count(2)
            t = self.first()
            if not isinstance(args[1], v.Ints):
                raise NotReproducible(f"{self.case.id}: {op} takes ints")
            name = "new_shape" if op == "reshape" else "dims"
            self.lets.append(f"let {name} = {_ints(args[1].items)}")
            return f"{t}.{op}({name})"
        if op in ("broadcast", "bc"):
            self.expect_count(2)
            if not isinstance(args[1], v.Ints):
                raise NotReproducible(f"{self.case.id}: {op} takes a shape")
            self.lets.append(f"let shape = {_ints(args[1].items)}")
            value = args[0]
            if isinstance(value, v.TensorValue):
                return f"{self.tensor(value, 't')}.{op}(shape)"
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise NotReproducible(
                    f"{self.case.id}: broadcast[T: SomeNumber] of {value!r} does not compile"
                )
            # A Nim int literal is an `int` (int64), a float literal a `float` (float64).
            self.lets.append(f"let val = {value!r}" if isinstance(value, int) else
                             f"let val = {_float(value, 'float64')}")  # fmt: skip
            return f"val.{op}(shape)"
        if op == "broadcast2":
            self.expect_count(2)
            if not all(isinstance(a, v.TensorValue) for a in args):
                raise NotReproducible(f"{self.case.id}: broadcast2 takes two tensors")
            return f"broadcast2({self.tensor(args[0], 'a')}, {self.tensor(args[1], 'b')})"
        if op == "concat":
            self.expect_count(2)
            return f"concat({self.tensors(args[0], 't_list')}, {self.int_let(args[1], 'axis')})"
        if op == "stack":
            self.expect_count(1, named=("axis",))
            axis = self.int_let(kwargs.get("axis", 0), "axis")
            return f"stack({self.tensors(args[0], 'tensors')}, {axis})"
        if op == "squeeze":
            self.expect_count(1, 2)
            t = self.first()
            if len(args) == 1:
                return f"{t}.squeeze"
            return f"{t}.squeeze({self.int_let(args[1], 'axis')})"
        if op == "unsqueeze":
            self.expect_count(2)
            return f"{self.first()}.unsqueeze({self.int_let(args[1], 'axis')})"
        raise NotReproducible(f"{self.case.id}: no Nim call for {op}")


# Prints a tensor's element type, shape and elements (row-major, nested by the shape), and
# names an exception: a Defect is a failed run-time check, not a designed refusal.
_PRELUDE = """proc nested(flat: seq[string], shape: seq[int]): string =
  if shape.len == 0: return (if flat.len > 0: flat[0] else: "[]")
  if shape.len == 1: return "[" & flat.join(", ") & "]"
  let step = if shape[0] == 0: 0 else: flat.len div shape[0]
  var rows: seq[string]
  for i in 0 ..< shape[0]: rows.add nested(flat[i * step ..< (i + 1) * step], shape[1 .. ^1])
  "[" & rows.join(", ") & "]"

proc shown[T](t: Tensor[T]): string =
  var shape: seq[int]
  for i in 0 ..< t.rank: shape.add t.shape[i]
  var flat: seq[string]
  if t.size > 0:  # `items` asserts on a zero-size tensor that is not C-contiguous
    for x in t: flat.add $x
  "Tensor[" & $T & "] of shape [" & shape.join(", ") & "]: " & nested(flat, shape)

proc shown[T](pair: tuple[a, b: Tensor[T]]): string =
  "(a: " & shown(pair.a) & ", b: " & shown(pair.b) & ")"

proc raised(e: ref Exception): string =
  result = "raised " & $e.name & ": " & e.msg.strip
  if e of Defect:
    result.add " (a Nim Defect: a run-time check failed, which -d:danger removes)"
"""


def _refusal_note(case: Case) -> str:
    """What a refusal is in Nim, when the case expects one."""
    refuses = case.expectation is Expectation.RAISES or any(
        a.raises is not None for a in case.alternatives
    )
    if not refuses:
        return ""
    return (
        " (in Nim a refusal is a CatchableError, Arraymancer's checks raise ValueError; a "
        "Defect is not one)"
    )


def reproducer(case: Case, release: str = DEFAULT_RELEASE) -> Reproducer:
    """The standalone Nim program for `case` (raises `NotReproducible`, saying why)."""
    why = why_not(case)
    if why:
        raise NotReproducible(why)
    writer = _Writer(case)
    call = writer.call()
    expected = expected_line(case, documentation(case)) + _refusal_note(case)
    header = "\n".join(
        [
            f"## {case.id}",
            f"## ({case.location}), on Arraymancer {release}.",
            f"## {expected}",
            "##",
            "## nim c -d:release --path:<arraymancer>/src --path:<nimblas> -r main.nim",
        ]
    )
    imports = "import std/strutils\n"
    if any(t.startswith("Complex") and t != "Complex16" for t in writer.types):
        imports += "import std/complex\n"
    imports += "import arraymancer/tensor\n"
    types = _COMPLEX16 + "\n" if "Complex16" in writer.types else ""
    lets = "\n".join(f"  {line}" for line in writer.lets)
    main = f"""{header}

{imports}
{types}{_PRELUDE}
proc main() =
{lets}
  echo {_string(expected)}
  try:
    let got = {call}
    try:
      echo "got: ", shown(got)
    except Exception as e:
      echo "printing the result ", raised(e)
  except Exception as e:  # Defects too: the program shows what happened
    echo "got: ", raised(e)

main()
"""
    return Reproducer(case.id, release, ((MAIN, main),), expected)


# --- Compile and run --------------------------------------------------------------------------


def compile_command(directory: Path) -> list[str]:
    """`nim c` with the driver's flags and the sources setup unpacked; ReproducerFailed if
    Arraymancer is not set up."""
    from adapters.arraymancer import toolchain
    from adapters.build import BuildFailed

    try:
        toolchain.nim_version()
    except BuildFailed as error:
        raise ReproducerFailed(str(error)) from None
    unpacked = toolchain.installed()
    if unpacked is None:
        raise ReproducerFailed(
            "Arraymancer is not set up: run `nx-conformance setup arraymancer --sources DIR`"
        )
    return [
        "nim", "c", *toolchain.NIM_FLAGS,
        *unpacked.nim_paths(),
        f"--nimcache:{directory / 'nimcache'}", f"-o:{directory / 'main'}", MAIN,
    ]  # fmt: skip
