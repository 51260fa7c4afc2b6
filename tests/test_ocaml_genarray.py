"""The `genarray` cases on OCaml's own Bigarray.Genarray (the `ocaml-genarray` adapter).

- Every case of `spec/genarray` passes on the real OCaml Bigarray, or is one of the
  triaged findings below, each with the outcome it has and why (spec/ERRATA.md);
- random calls get the same reply from OCaml and from the reference (result, error kind,
  arguments after the call, identity, storage sharing), except where a triaged
  difference applies, which the test names;
- the driver is built once into the cache directory, never the source tree, and reused;
  its wire protocol takes base64 data and keeps live values per case;
- without OCaml, the adapter says what to install.

Needs Debian's `ocaml-nox ocaml-findlib libyojson-ocaml-dev` (CI installs them); the
tests that run OCaml are skipped with that reason when they are missing.
"""

from __future__ import annotations

import json
import os
import subprocess
from math import prod
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters import codec, ocaml_genarray
from adapters import values as v
from adapters.base import Observe, Request, Status, Unavailable, UnknownAdapter
from adapters.discovery import load_adapter
from adapters.reference.adapter import ReferenceAdapter
from conformance.cases import load_spec
from conformance.cli import main
from conformance.compare import compare
from conformance.runner import run_cases
from reference import dtypes
from reference.genarray.bigarray import KINDS
from tests.strided_tensors import SETTINGS

ROOT = Path(__file__).resolve().parent.parent


def _missing() -> str | None:
    try:
        ocaml_genarray.toolchain_version()
    except Unavailable as missing:
        return str(missing)
    return None


MISSING = _missing()
needs_ocaml = pytest.mark.skipif(MISSING is not None, reason=f"no OCaml toolchain: {MISSING}")

_M_EQUALS_N = "OCaml 4.13 returns a 0-dimensional slice when M = N; documented: M >= N raises"
_EMPTY_SLICE = (
    "OCaml 4.13 bounds-checks the kept coordinates at their first index, so a slice of "
    "dimensions of size 0 raises; documented: only the fixed coordinates are checked"
)
_SUB_0D = (
    "OCaml 4.13 reads and writes a dimension a 0-dimensional array does not have "
    "(undefined behaviour); the driver does not make the call"
)
_STATIC = "OCaml rejects the program when compiling: there is no run-time behaviour"

# Case id -> (outcome on OCaml 4.13, why). spec/ERRATA.md has the details.
TRIAGED: dict[str, tuple[str, str]] = {
    "genarray.slice_left/fixing every coordinate raises": ("fail", _M_EQUALS_N),
    "genarray.slice_left/a 0-dimensional array raises": ("fail", _M_EQUALS_N),
    "genarray.slice_right/fixing every coordinate raises": ("fail", _M_EQUALS_N),
    "genarray.slice_left/a slice of empty dimensions is empty": ("fail", _EMPTY_SLICE),
    "genarray.slice_right/a slice of empty dimensions is empty": ("fail", _EMPTY_SLICE),
    "genarray.sub_left/a 0-dimensional array raises": ("error", _SUB_0D),
    "genarray.sub_right/a 0-dimensional array raises": ("error", _SUB_0D),
    "genarray.sub_left/a Fortran-layout array raises": ("unsupported", _STATIC),
    "genarray.sub_right/a C-layout array raises": ("unsupported", _STATIC),
    "genarray.slice_left/a Fortran-layout array raises": ("unsupported", _STATIC),
    "genarray.slice_right/a C-layout array raises": ("unsupported", _STATIC),
    "genarray.blit/different kinds raise": ("unsupported", _STATIC),
    "genarray.blit/different layouts raise": ("unsupported", _STATIC),
    "genarray.set/a value of another OCaml type raises": ("unsupported", _STATIC),
    "genarray.create/Bigarray_ext bfloat16 c_layout": (
        "unsupported",
        "bfloat16 is a kind of Nx's Bigarray_ext, not of OCaml's Bigarray",
    ),
}


@pytest.fixture(scope="module")
def ocaml():
    adapter = ocaml_genarray.OCamlGenarrayAdapter()
    yield adapter
    adapter.close()


@needs_ocaml
def test_every_genarray_case_passes_on_ocaml_or_is_a_triaged_finding(ocaml):
    spec = load_spec([ROOT / "spec" / "genarray"])
    assert spec.problems == []
    results = {r.id: r for r in run_cases(spec.cases, "ocaml-genarray", adapter=ocaml)}
    unexpected = {
        case_id: (result.outcome.value, result.message)
        for case_id, result in results.items()
        if result.outcome.value != TRIAGED.get(case_id, ("pass", ""))[0]
    }
    assert unexpected == {}
    assert set(TRIAGED) <= set(results), "a triaged case no longer exists"


# --- OCaml and the reference, call by call ------------------------------------------------

STANDARD = sorted(name for name, kind in KINDS.items() if kind.standard)
LAYOUTS = ("c_layout", "fortran_layout")
OBSERVE = frozenset({Observe.ARGS_AFTER, Observe.SAME_AS_ARG, Observe.ALIASES_ARG})


@st.composite
def genarrays(draw, kind: str | None = None, layout: str | None = None) -> v.GenarrayValue:
    kind = kind or draw(st.sampled_from(STANDARD))
    layout = layout or draw(st.sampled_from(LAYOUTS))
    dims = tuple(draw(st.lists(st.integers(0, 3), max_size=3)))
    dtype = KINDS[kind].dtype
    data = dtypes.to_storage(np.arange(1, prod(dims) + 1) % 100, dtype).reshape(-1)
    return v.GenarrayValue(kind, layout, dims, data, dtype)


def scalars(kind: str):
    """Values of the kind's OCaml type (a char is its code)."""
    ocaml_type = KINDS[kind].ocaml_type
    if kind == "char":
        return st.integers(0, 255)
    if ocaml_type is float:
        return st.floats(width=32)
    if ocaml_type is complex:
        return st.complex_numbers(allow_nan=False, width=64)
    return st.integers(-300, 300)


@st.composite
def calls(draw) -> tuple[str, tuple]:
    """A random call of bigarray_genarray.txt on a random Bigarray, arguments of the right OCaml types."""
    a = draw(genarrays())
    small, index = st.integers(-1, 4), st.lists(st.integers(-1, 4), max_size=4).map(tuple)
    op = draw(st.sampled_from((
        "num_dims", "dims", "nth_dim", "size_in_bytes", "change_layout", "get", "set", "fill",
        "sub_left", "sub_right", "slice_left", "slice_right", "blit",
    )))
    rest = {
        "nth_dim": lambda: (draw(small),),
        "change_layout": lambda: (v.Variant(draw(st.sampled_from(LAYOUTS))),),
        "get": lambda: (v.Ints(draw(index)),),
        "set": lambda: (v.Ints(draw(index)), draw(scalars(a.kind))),
        "fill": lambda: (draw(scalars(a.kind)),),
        "sub_left": lambda: (draw(small), draw(small)),
        "sub_right": lambda: (draw(small), draw(small)),
        "slice_left": lambda: (v.Ints(draw(index)),),
        "slice_right": lambda: (v.Ints(draw(index)),),
        "blit": lambda: (draw(genarrays(kind=a.kind, layout=a.layout)),),
    }.get(op, tuple)()
    return op, (a, *rest)


def triaged_difference(op: str, args: tuple) -> str | None:
    """Why OCaml 4.13 and the documentation (the reference) may answer this call
    differently, or None when they must agree."""
    a = args[0]
    wanted = {"sub_left": "c_layout", "slice_left": "c_layout",
              "sub_right": "fortran_layout", "slice_right": "fortran_layout"}
    if op in wanted and a.layout != wanted[op]:
        return _STATIC
    if op in ("sub_left", "sub_right") and not a.dims:
        return _SUB_0D
    if op in ("slice_left", "slice_right"):
        m, n = len(args[1].items), len(a.dims)
        kept = a.dims[m:] if op == "slice_left" else a.dims[: n - m]
        if m == n:
            return _M_EQUALS_N
        if m < n and 0 in kept:
            return _EMPTY_SLICE
    return None


@needs_ocaml
@given(calls())
@settings(SETTINGS, max_examples=150)
def test_ocaml_and_the_reference_answer_alike(ocaml, call):
    op, args = call
    request = Request("genarray", op, args, observe=OBSERVE)
    theirs, ours = ocaml.call(request), ReferenceAdapter().call(request)
    if triaged_difference(op, args):
        return
    assert theirs.status is ours.status, (theirs, ours)
    if ours.status is Status.ERROR:
        assert theirs.error == ours.error
        return
    assert compare(ours.value, theirs.value, None) is None
    for mine, other in zip(ours.args_after, theirs.args_after, strict=True):
        if isinstance(mine, v.GenarrayValue):  # the others are unchanged scalars and variants
            assert compare(mine, other, None) is None
    if isinstance(ours.value, v.GenarrayValue):  # identity and sharing are of Bigarrays
        assert theirs.same_as_arg == ours.same_as_arg
        if ours.value.data.size:  # sharing zero elements is not observable
            assert theirs.aliases_arg == ours.aliases_arg


# --- The wire protocol ----------------------------------------------------------------------


@needs_ocaml
def test_live_values_are_kept_per_case(ocaml):
    array = v.GenarrayValue("int32", "c_layout", (2, 2), np.arange(4, dtype=np.int32),
                            dtypes.INT32)
    made = ocaml.call(Request("genarray", "sub_left", (array, 1, 1), keep=True))
    row = v.Handle(made.kept.result)
    ocaml.call(Request("genarray", "fill", (row, 9)))
    after = ocaml.call(Request("genarray", "get", (v.Handle(made.kept.args[0]), v.Ints((1, 0)))))
    assert after.value == 9
    ocaml.end_case()
    forgotten = ocaml.call(Request("genarray", "get", (row, v.Ints((0, 0)))))
    assert forgotten.status is Status.UNSUPPORTED


@needs_ocaml
def test_base64_data_reads_as_the_list(ocaml):
    driver = ocaml_genarray.driver_path()
    values = [
        v.GenarrayValue("float32", "fortran_layout", (3,),
                        np.array([0.1, -2, np.inf], dtype=np.float32), dtypes.FLOAT32),
        v.GenarrayValue("complex64", "c_layout", (1,),
                        np.array([1 - 2j]), dtypes.COMPLEX64),
        v.GenarrayValue("int64", "c_layout", (2,),
                        np.array([-(2**63), 2**63 - 1]), dtypes.INT64),
        v.GenarrayValue("char", "c_layout", (2,),
                        np.array([0, 255], dtype=np.uint8), dtypes.UINT8),
    ]
    lines = [
        json.dumps({"id": i, "namespace": "genarray", "op": "change_layout",
                    "args": [codec.encode(value, b64=True), {"variant": value.layout}]})
        for i, value in enumerate(values)
    ]
    done = subprocess.run([str(driver)], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, check=True, timeout=30)
    replies = [json.loads(line) for line in done.stdout.splitlines()[1:]]
    for value, reply in zip(values, replies, strict=True):
        assert compare(value, codec.decode(reply["result"]), None) is None


@needs_ocaml
def test_the_driver_is_built_once_into_the_cache(tmp_path, monkeypatch):
    sources = sorted(p.name for p in Path(ocaml_genarray.__file__).parent.iterdir())
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = ocaml_genarray.driver_path()
    assert built.is_relative_to(tmp_path / "nx-conformance" / "ocaml-genarray")
    assert os.access(built, os.X_OK)
    stamp = built.stat()
    again = ocaml_genarray.driver_path()
    assert again == built
    assert (again.stat().st_ino, again.stat().st_mtime_ns) == (stamp.st_ino, stamp.st_mtime_ns)
    assert [p.name for p in built.parent.iterdir()] == ["driver"]  # no build left behind
    assert sorted(p.name for p in Path(ocaml_genarray.__file__).parent.iterdir()) == sources


def test_without_ocaml_the_adapter_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setattr(ocaml_genarray.shutil, "which", lambda name: None)
    with pytest.raises(UnknownAdapter, match=ocaml_genarray.INSTALL_HINT):
        load_adapter("ocaml-genarray")
    assert main(["run", "--adapter", "ocaml-genarray", "--select", "genarray.*"]) == 2
    assert ocaml_genarray.INSTALL_HINT in capsys.readouterr().err
