"""The named functions a case may pass with `{fn: NAME}` (`spec/FORMAT.md`, "Values").

OCaml functions cannot be written in a case file, so the format names a few and every
runner provides them. Each entry gives the OCaml text it stands for and builds the
Python callable for an in-process implementation; `invoke(namespace, op, *args)`
calls the implementation's own ops (the `tensor_*` functions are made of them).
A driver in another language implements the same names itself. Add names freely
(and to `spec/FORMAT.md`); never remove one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Invoke = Callable[..., Any]


@dataclass(frozen=True)
class NamedFunction:
    name: str
    ocaml: str
    make: Callable[[Invoke], Callable]


def _index_sum(invoke: Invoke) -> Callable:
    return lambda idx: idx[0] + idx[1]


def _identity_indicator(invoke: Invoke) -> Callable:
    return lambda idx: 1 if all(i == idx[0] for i in idx) else 0


def _float_double(invoke: Invoke) -> Callable:
    return lambda x: x * 2.0


def _float_add(invoke: Invoke) -> Callable:
    return lambda acc, x: acc + x


def _int_double(invoke: Invoke) -> Callable:
    return lambda x: x * 2


def _float_digits(invoke: Invoke) -> Callable:
    return lambda acc, x: acc * 10.0 + x


def _float_print_g(invoke: Invoke) -> Callable:
    return lambda x: sys.stdout.write("%g;" % x) and None  # noqa: UP031 - C's %g, as OCaml


def _printer(op: str) -> Callable[[Invoke], Callable]:
    return lambda invoke: lambda formatter, x: invoke("nx", op, formatter, x)


def _tensor_print_data(invoke: Invoke) -> Callable:
    return lambda t: invoke("nx", "print_data", t)


def _unary_op(op: str, scalar: int) -> Callable[[Invoke], Callable]:
    return lambda invoke: lambda t: invoke("nx", op, t, scalar)


def _binary_op(op: str) -> Callable[[Invoke], Callable]:
    return lambda invoke: lambda acc, t: invoke("nx", op, acc, t)


FUNCTIONS: dict[str, NamedFunction] = {
    f.name: f
    for f in (
        NamedFunction(
            "index_sum", "fun idx -> idx.(0) + idx.(1)  (in the tensor's element type)", _index_sum
        ),
        NamedFunction(
            "identity_indicator",
            "fun idx -> 1 if all indices are equal, else 0",
            _identity_indicator,
        ),
        NamedFunction("float_double", "fun x -> x *. 2.", _float_double),
        NamedFunction("float_add", "fun acc x -> acc +. x", _float_add),
        NamedFunction("tensor_mul_s_2", "fun t -> mul_s t 2", _unary_op("mul_s", 2)),
        NamedFunction("tensor_add_s_1", "fun t -> add_s t 1", _unary_op("add_s", 1)),
        NamedFunction("tensor_add", "fun acc t -> add acc t", _binary_op("add")),
        NamedFunction("tensor_mul", "fun acc t -> mul acc t", _binary_op("mul")),
        NamedFunction("tensor_maximum", "fun acc t -> maximum acc t", _binary_op("maximum")),
        NamedFunction("int_double", "fun x -> x * 2", _int_double),
        NamedFunction(
            "float_digits", "fun acc x -> acc *. 10. +. x  (not commutative)", _float_digits
        ),
        NamedFunction("float_print_g", 'fun x -> Printf.printf "%g;" x', _float_print_g),
        NamedFunction("tensor_print_data", "fun t -> print_data t", _tensor_print_data),
        NamedFunction(
            "nx_pp_data", "Nx.pp_data (a printer: formatter -> tensor -> unit)", _printer("pp_data")
        ),
        NamedFunction("nx_pp", "Nx.pp", _printer("pp")),
        NamedFunction("nx_pp_shape", "Nx.pp_shape", _printer("pp_shape")),
        NamedFunction("nx_pp_dtype", "Nx.pp_dtype", _printer("pp_dtype")),
    )
}
