"""The OCaml driver's pieces for the structure sections, on the real Nx 1.0.0~alpha1.

- The named functions of spec/FORMAT.md are OCaml functions whose type decides where they
  fit: a fold shows its order, effects print, a function of the wrong type is refused as
  ill-typed (unsupported), never coerced.
- Bigarrays are live values: a tensor made by `of_bigarray` and the buffer `data` returns
  share storage with their argument, and a write through one is read through the other.
- Calls OCaml can make are made: `concatenate []` reaches Nx's own error, an int64 array
  literal keeps its extremes; the genarray helpers are callable but not announced.
- The driver's sources (issue 17): a release's differences are its own modules and
  explicit patches, never a copy of a file of src/common/ under the same name; the
  default-context wrappers every release's frontend shares are written once.

The driver tests are skipped unless `nx-conformance setup ocaml-nx` (or opam) provides Nx
1.0.0~alpha1, except where CI requires the real Nx (`NX_CONFORMANCE_REAL=required`, as in
test_ocaml_nx.py); the tests of the sources need no Nx.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from adapters import ocaml_nx

RELEASE = "1.0.0_alpha1"
STATE = ocaml_nx.state(RELEASE)
SRC = Path(ocaml_nx.__file__).resolve().parent / "src"


@pytest.fixture(scope="module")
def ask():
    """Send requests to one driver process; each reply as a dict (`ask.hello`: the hello)."""
    if STATE.startswith("missing") and os.environ.get("NX_CONFORMANCE_REAL") != "required":
        pytest.skip(f"Nx {RELEASE} is not built here: {STATE}")
    driver = ocaml_nx.driver_path(RELEASE)
    process = subprocess.Popen(
        [str(driver)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    hello = json.loads(process.stdout.readline())["hello"]
    counter = iter(range(1, 10_000))

    def request(op, *args, keep=False, observe=(), namespace="nx", **kwargs):
        body = {
            "id": next(counter),
            "namespace": namespace,
            "op": op,
            "args": list(args),
            "kwargs": kwargs,
            "observe": list(observe),
            "keep": keep,
        }
        process.stdin.write(json.dumps(body) + "\n")
        process.stdin.flush()
        return json.loads(process.stdout.readline())

    request.hello = hello
    yield request
    process.stdin.close()
    process.wait(timeout=10)


def tensor(dtype, shape, data):
    return {"tensor": {"dtype": dtype, "shape": shape, "data": data}}


def fn(name):
    return {"fn": name}


def test_a_float_fold_runs_left_to_right(ask):
    reply = ask(
        "fold_item", fn("float_digits"), {"float": 0.0}, tensor("float64", [2, 2], [1, 2, 3, 4])
    )
    assert reply["result"] == {"float": 1234.0}


def test_effects_print_what_their_ocaml_text_prints(ask):
    printed = ask(
        "iter_item", fn("float_print_g"), tensor("float32", [3], [1.5, 2, 1e-7]), observe=["stdout"]
    )
    assert printed["stdout"] == "1.5;2;1e-07;"
    printed = ask("iter", fn("tensor_print_data"), tensor("int32", [2], [7, 8]), observe=["stdout"])
    assert printed["stdout"] == "7\n8\n"


def test_an_int_function_keeps_the_dtype_and_wraps(ask):
    reply = ask("map_item", fn("int_double"), tensor("int8", [2], [100, -3]))
    assert reply["result"]["tensor"]["data"] == [-56, -6]


@pytest.mark.parametrize(
    ("op", "args", "refusal"),
    [
        ("map_item", [fn("int_double"), tensor("int32", [1], [1])], "int -> int"),
        ("map_item", [fn("float_double"), tensor("int32", [1], [1])], "float -> float"),
        ("init", [{"dtype": "bool"}, {"ints": [2]}, fn("index_sum")], "bool has no +"),
        ("format_to_string", [fn("float_double"), tensor("int32", [1], [1])], "formatter"),
        ("map", [fn("tensor_mul_s_2"), tensor("bool", [1], [True])], "no literal 2"),
    ],
)
def test_a_function_of_the_wrong_type_is_ill_typed(ask, op, args, refusal):
    reply = ask(op, *args)
    assert "does not type-check in OCaml" in reply["unsupported"]
    assert refusal in reply["unsupported"]


def test_index_functions_are_written_in_the_element_type(ask):
    reply = ask("init", {"dtype": "bool"}, {"ints": [2, 2]}, fn("identity_indicator"))
    assert reply["result"]["tensor"]["data"] == [True, False, False, True]
    reply = ask("init", {"dtype": "int32"}, {"ints": [2, 2]}, fn("index_sum"))
    assert reply["result"]["tensor"]["data"] == [0, 1, 1, 2]


GENARRAY = {
    "genarray": {"kind": "int32", "layout": "c_layout", "dims": [2, 2], "data": [1, 2, 3, 4]}
}


def test_of_bigarray_shares_the_bigarray_storage(ask):
    reply = ask("of_bigarray", GENARRAY, keep=True, observe=["aliases_arg"])
    assert reply["aliases_arg"] == 0
    ba, t = reply["handles"]["args"][0], reply["handles"]["result"]
    ask("set", {"handle": ba}, {"ints": [1, 0]}, {"int": 30}, namespace="genarray")
    assert ask("to_array", {"handle": t})["result"] == {"ints": [1, 2, 30, 4]}
    assert ask("get", {"handle": ba}, {"ints": [1, 0]}, namespace="genarray")["result"] == {
        "int": 30
    }


def test_data_is_the_tensor_buffer_and_to_bigarray_its_shape(ask):
    t = tensor("int8", [2], [-128, 127])
    reply = ask("data", t, observe=["aliases_arg"])
    assert reply["aliases_arg"] == 0
    assert reply["result"] == {
        "genarray": {"kind": "int8_signed", "layout": "c_layout", "dims": [2], "data": [-128, 127]}
    }


def test_a_fortran_bigarray_is_refused_by_of_bigarrays_type(ask):
    fortran = {
        "genarray": {"kind": "float32", "layout": "fortran_layout", "dims": [1], "data": [1]}
    }
    assert "c_layout" in ask("of_bigarray", fortran)["unsupported"]


def test_calls_ocaml_accepts_are_made(ask):
    assert ask("concatenate", {"list": []})["error"]["error"] == "Invalid_argument"
    extremes = [-9223372036854775808, 9223372036854775807]
    reply = ask("create", {"dtype": "int64"}, {"ints": [2]}, {"ints": extremes})
    assert reply["result"]["tensor"]["data"] == extremes


def test_the_genarray_helpers_are_not_announced(ask):
    assert "genarray" not in ask.hello["namespaces"]


# --- The driver's sources -----------------------------------------------------------------------


@pytest.mark.parametrize("release", sorted(ocaml_nx.RELEASE_SOURCES))
def test_no_release_replaces_a_common_file(release):
    common = {path.name for path in (SRC / "common").iterdir()}
    own = [
        path
        for pattern in ocaml_nx.RELEASE_SOURCES[release]
        if not pattern.startswith("common/")
        for path in SRC.glob(pattern)
    ]
    assert own, f"{release} has modules of its own"
    assert not [str(path.relative_to(SRC)) for path in own if path.name in common]


@pytest.mark.parametrize("release", sorted(ocaml_nx.FRONTENDS))
def test_each_frontend_adds_its_own_wrappers_to_the_shared_ones(release):
    text = (SRC / ocaml_nx.FRONTENDS[release]).read_text(encoding="utf-8")
    assert "include Default_context.Make (Backend)" in text
    assert "let create " not in text, "the creation wrappers are default_context.ml's"
    shared = "frontends/default_context.ml"
    assert shared in ocaml_nx.RELEASE_SOURCES[release] and "default_context" in (
        ocaml_nx.LIBRARY_MODULES
    )
