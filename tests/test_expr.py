"""The expression language of `allclose` / `holds`: semantics, errors, and that hostile input
never runs."""

import os
import sys
import warnings
from contextlib import contextmanager
from decimal import ROUND_HALF_UP, Decimal

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from conformance.expr import ExpressionError, evaluate, parse, truth

# --- the spec's example and the functions -----------------------------------------------------


def test_svd_example_reconstructs_the_argument():
    matrix = np.random.default_rng(0).standard_normal((4, 3))
    u, s, vh = np.linalg.svd(matrix, full_matrices=False)
    env = {"out0": u.astype(np.float32), "out1": s, "out2": vh, "arg0": matrix}
    np.testing.assert_allclose(evaluate("out0 @ diag(out1) @ out2", env), matrix, atol=1e-5)


def test_names_are_the_free_names_without_constants_or_functions():
    assert parse("out0 @ diag(out1) @ out2 + pi * arg3 - inf").names == {
        "out0",
        "out1",
        "out2",
        "arg3",
    }
    assert parse("eye(2)").names == frozenset()


def test_T_swaps_the_last_two_axes_and_leaves_vectors_alone():
    batch = np.arange(24.0).reshape(2, 3, 4)
    assert evaluate("T(out)", {"out": batch}).shape == (2, 4, 3)
    np.testing.assert_array_equal(evaluate("T(out)", {"out": batch}), np.swapaxes(batch, -1, -2))
    np.testing.assert_array_equal(evaluate("T(out)", {"out": np.arange(3)}), [0, 1, 2])


def test_diag_builds_a_matrix_from_a_vector_and_takes_the_diagonal_of_the_last_two_axes():
    np.testing.assert_array_equal(evaluate("diag(out)", {"out": [1, 2]}), [[1, 0], [0, 2]])
    rect = np.arange(6.0).reshape(2, 3)
    np.testing.assert_array_equal(evaluate("diag(out)", {"out": rect}), [0, 4])
    batch = np.arange(18.0).reshape(2, 3, 3)
    np.testing.assert_array_equal(evaluate("diag(out)", {"out": batch}), [[0, 4, 8], [9, 13, 17]])
    with pytest.raises(ExpressionError, match="diag"):
        evaluate("diag(1)", {})


@pytest.mark.parametrize(
    ("x", "rounded"),
    [
        (0.5, 1),
        (-0.5, -1),
        (1.5, 2),
        (-1.5, -2),
        (2.5, 3),
        (-2.5, -3),
        (0.49999999999999994, 0),
        (-0.4, -0.0),
        (2.4, 2),
    ],
)
def test_round_is_half_away_from_zero_not_bankers(x, rounded):
    assert evaluate("round(out)", {"out": x}) == rounded


def test_round_keeps_nan_and_inf():
    result = evaluate("round(out)", {"out": np.array([np.nan, np.inf, -np.inf])})
    np.testing.assert_array_equal(result, [np.nan, np.inf, -np.inf])


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e6, max_value=1e6))
@example(0.49999999999999994)
@example(-2.5)
def test_round_matches_exact_decimal_half_up(x):
    expected = float(Decimal(x).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    assert evaluate("round(out)", {"out": x}) == expected


def test_elementwise_functions_match_numpy():
    x = np.array([0.25, 1.0, 4.0])
    for name, function in [("abs", np.abs), ("sqrt", np.sqrt), ("exp", np.exp), ("log", np.log)]:
        np.testing.assert_array_equal(
            evaluate(f"{name}(-out)" if name == "abs" else f"{name}(out)", {"out": x}),
            function(-x if name == "abs" else x),
        )


def test_len_of_arrays_and_lists():
    assert evaluate("len(out)", {"out": np.zeros((3, 2))}) == 3
    assert evaluate("len(out)", {"out": [np.zeros(1), np.zeros(5)]}) == 2
    with pytest.raises(ExpressionError, match=r"len\(x\).*scalar"):
        evaluate("len(out)", {"out": 1.0})


def test_eye_reshape_and_tensordot():
    np.testing.assert_array_equal(evaluate("eye(3)", {}), np.eye(3))
    assert evaluate("eye(0)", {}).shape == (0, 0)
    x = np.arange(6.0)
    np.testing.assert_array_equal(evaluate("reshape(out, [2, -1])", {"out": x}), x.reshape(2, 3))
    np.testing.assert_array_equal(evaluate("reshape(out, [len(out)])", {"out": x}), x)
    a, b = np.arange(24.0).reshape(2, 3, 4), np.arange(12.0).reshape(4, 3)
    np.testing.assert_array_equal(
        evaluate("tensordot(out, arg0, [1, 2], [1, 0])", {"out": a, "arg0": b}),
        np.tensordot(a, b, axes=([1, 2], [1, 0])),
    )
    with pytest.raises(ExpressionError, match="cannot reshape"):
        evaluate("reshape(out, [4])", {"out": x})


# --- arity and axes ---------------------------------------------------------------------------

_ARITY = {
    "diag": (1, 1),
    "T": (1, 1),
    "conj": (1, 1),
    "real": (1, 1),
    "imag": (1, 1),
    "abs": (1, 1),
    "sqrt": (1, 1),
    "exp": (1, 1),
    "log": (1, 1),
    "sum": (1, 2),
    "mean": (1, 2),
    "max": (1, 2),
    "min": (1, 2),
    "len": (1, 1),
    "round": (1, 1),
    "eye": (1, 1),
    "reshape": (2, 2),
    "tensordot": (4, 4),
}


@pytest.mark.parametrize("function", sorted(_ARITY))
def test_every_function_rejects_a_wrong_number_of_arguments_at_parse_time(function):
    low, high = _ARITY[function]
    for count in (low - 1, high + 1):
        source = f"{function}({', '.join(['out'] * count)})"
        with pytest.raises(ExpressionError, match=rf"column 1: {function}\(\) takes .*got {count}"):
            parse(source)


@pytest.mark.parametrize("function", ["sum", "mean", "max", "min"])
@pytest.mark.parametrize("axis", [None, 0, 1, 2, -1, -2, -3])
def test_reductions_take_an_optional_possibly_negative_axis(function, axis):
    x = np.random.default_rng(1).standard_normal((2, 3, 4))
    source = f"{function}(out)" if axis is None else f"{function}(out, {axis})"
    expected = getattr(np, function)(x, axis=axis)
    np.testing.assert_allclose(evaluate(source, {"out": x}), expected, rtol=1e-15)


def test_reduction_axis_out_of_range_or_not_an_integer_is_an_expression_error():
    with pytest.raises(ExpressionError, match=r"column 1: sum\(x\[, axis\]\): .*out of bounds"):
        evaluate("sum(out, 3)", {"out": np.zeros((2, 2))})
    with pytest.raises(ExpressionError, match="axis must be an integer"):
        evaluate("mean(out, 0.5)", {"out": np.zeros((2, 2))})
    assert evaluate("sum(out, arg1)", {"out": np.ones((2, 3)), "arg1": 1}).tolist() == [3, 3]


# --- holds ------------------------------------------------------------------------------------


def test_holds_on_an_array_means_every_element_is_true():
    assert truth(evaluate("round(out) == [0, 0, 1]", {"out": np.array([0.2, -0.4, 0.6])}))
    assert not truth(evaluate("round(out) == [0, 0, 1]", {"out": np.array([0.2, 0.6, 0.6])}))


def test_an_empty_array_holds():
    assert truth(evaluate("out > 0", {"out": np.zeros(0)}))
    assert truth(np.zeros((0, 3), dtype=bool))


def test_chained_comparisons_are_element_wise_and():
    x = np.array([-1.0, 0.0, 0.5, 1.0])
    np.testing.assert_array_equal(evaluate("0 <= out < 1", {"out": x}), [False, True, True, False])
    assert truth(evaluate("1 < 2 < 3", {}))
    assert not truth(evaluate("1 < 3 < 2", {}))
    assert truth(evaluate("-1 <= out <= 1 != 2", {"out": x}))


def test_truth_of_scalars_lists_and_refusals():
    assert truth(True) and truth(np.bool_(True)) and truth(2.0) and truth(1j)
    assert not truth(0) and not truth(np.float64(0.0))
    assert truth([np.ones(2), np.ones(3)]) and not truth([np.ones(2), np.zeros(1)])
    for value in ("yes", None, {"a": 1}, np.array(["a"])):
        with pytest.raises(ExpressionError, match="cannot take the truth"):
            truth(value)


def test_and_or_not_are_element_wise_on_arrays_and_short_circuit_on_scalars():
    env = {"out": np.array([0.0, 1.0, 2.0]), "arg0": np.zeros(0)}
    np.testing.assert_array_equal(evaluate("out > 0 and out < 2", env), [False, True, False])
    np.testing.assert_array_equal(evaluate("out < 1 or out > 1", env), [True, False, True])
    np.testing.assert_array_equal(evaluate("not out", env), [True, False, False])
    assert evaluate("not 0", env)
    assert truth(evaluate("len(arg0) == 0 or arg0[0] > 0", env))  # arg0[0] never evaluated
    assert not truth(evaluate("len(arg0) > 0 and arg0[0] > 0", env))


# --- values: lists, integers, complex, NaN ----------------------------------------------------


def test_list_values_support_len_subscripts_and_slices():
    parts = [np.arange(2), np.arange(3) * 10]
    env = {"out": parts}
    assert evaluate("len(out)", env) == 2
    np.testing.assert_array_equal(evaluate("out[1]", env), [0, 10, 20])
    assert evaluate("out[-1][2]", env) == 20
    assert evaluate("out[1, 2]", env) == 20
    assert evaluate("sum(out[0]) + len(out[1])", env) == 4
    assert len(evaluate("out[0:1]", env)) == 1
    with pytest.raises(ExpressionError, match="column 1: subscript"):
        evaluate("out[2]", env)


def test_array_subscripts_take_integers_slices_and_computed_indices():
    x = np.arange(12.0).reshape(3, 4)
    env = {"out": x, "arg0": 1}
    np.testing.assert_array_equal(evaluate("out[1:, ::2]", env), x[1:, ::2])
    assert evaluate("out[len(out) - 1, -arg0]", env) == x[2, -1]
    for bad in ("out[0.5]", "out[[0, 1]]", "out[out > 1]", "out[1j]"):
        with pytest.raises(ExpressionError, match="index must be an integer"):
            evaluate(bad, env)


def test_integers_and_booleans_are_computed_in_float64():
    assert evaluate("out / 2", {"out": np.array([1, 3], dtype=np.int8)}).tolist() == [0.5, 1.5]
    assert evaluate("1 / 2", {}) == 0.5
    assert evaluate("sum(out)", {"out": np.array([True, True, False])}) == 2.0
    assert evaluate("out * 2", {"out": np.array([200], dtype=np.uint8)}).tolist() == [400.0]


def test_complex_values_with_conj_real_imag():
    z = np.array([3 + 4j, -2j], dtype=np.complex64)
    env = {"out": z}
    assert evaluate("out", env).dtype == np.complex128
    np.testing.assert_array_equal(evaluate("conj(out)", env), [3 - 4j, 2j])
    np.testing.assert_array_equal(evaluate("real(out)", env), [3, 0])
    np.testing.assert_array_equal(evaluate("imag(out)", env), [4, -2])
    np.testing.assert_array_equal(evaluate("abs(out)", env), [5, 2])
    assert truth(evaluate("out * conj(out) == abs(out) * abs(out)", env))
    assert evaluate("sqrt(-1 + 0j)", {}) == 1j
    with pytest.raises(ExpressionError, match="complex values cannot be ordered"):
        evaluate("out < 1", env)
    with pytest.raises(ExpressionError, match="not defined for complex"):
        evaluate("max(out)", env)


def test_nan_compares_as_ieee_and_propagates_through_max_min():
    env = {"out": np.array([1.0, np.nan])}
    assert not evaluate("nan == nan", env) and evaluate("nan != nan", env)
    np.testing.assert_array_equal(evaluate("out == out", env), [True, False])
    assert np.isnan(evaluate("max(out)", env)) and np.isnan(evaluate("min(out)", env))
    assert evaluate("inf > 1e308", env) and evaluate("-inf < 0", env)


def test_domain_errors_give_nan_or_inf_silently():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert np.isnan(evaluate("sqrt(-1)", {}))
        assert np.isnan(evaluate("log(-1)", {}))
        assert evaluate("log(0)", {}) == -np.inf
        assert evaluate("1 / 0", {}) == np.inf
        assert np.isnan(evaluate("mean(out)", {"out": np.zeros(0)}))


# --- evaluation failures ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("out + arg0", r"column 1: operator '\+': .*cannot be broadcast"),
        ("out @ arg0", "column 1: operator '@': "),
        ("1 + out[5]", "column 5: subscript: index 5 is out of bounds"),
        ("max(out[0:0])", r"column 1: max\(x\[, axis\]\)"),
        ("[out, arg0]", "column 1: list: "),
        ("eye(len(out) * 5000)", r"eye\(n\): n must be between 0 and 4096, got 15000"),
        ("tensordot(out, arg0, [0], [1])", r"tensordot\(a, b, \[axes_a\], \[axes_b\]\)"),
        ("out2 + 1", r"name 'out2' is not defined for this case \(available: arg0, out\)"),
    ],
)
def test_evaluation_failures_are_expression_errors_with_a_column(source, message):
    env = {"out": np.zeros(3), "arg0": np.zeros(2)}
    with pytest.raises(ExpressionError, match=message):
        evaluate(source, env)


def test_an_unsupported_environment_value_is_an_expression_error():
    with pytest.raises(ExpressionError, match="name 'out': unsupported value of type object"):
        evaluate("out", {"out": object()})


def test_a_string_can_only_be_measured():
    assert evaluate("len(out) == 4", {"out": "text"})
    with pytest.raises(ExpressionError, match=r"sum.*unsupported value of type str"):
        evaluate("sum(out)", {"out": "text"})


def test_results_larger_than_the_limit_are_refused_before_computing():
    column = {"out": np.zeros((20_000, 1)), "arg0": np.zeros((1, 20_000))}
    with pytest.raises(ExpressionError, match=r"more than \d+ elements"):
        evaluate("out + arg0", column)
    with pytest.raises(ExpressionError, match=r"more than \d+ elements"):
        evaluate("out @ arg0", column)
    with pytest.raises(ExpressionError, match=r"more than \d+ elements"):
        evaluate("tensordot(out, arg0, [], [])", column)


# --- what parse rejects -----------------------------------------------------------------------

HOSTILE = [
    "__import__('os').system('x')",
    "().__class__.__bases__",
    "out.__class__",
    "[x for x in out]",
    "lambda: 0",
    "open('f')",
    "eval('1')",
    "getattr(out, 'T')",
    "out.T",
    "'a'",
    "b'a'",
    "f'{out}'",
    "out if 1 else 2",
    "(y := 1)",
    "2 ** 3",
    "out % 2",
    "out // 2",
    "out & 1",
    "out | 1",
    "out ^ 1",
    "~out",
    "out << 1",
    "out is None",
    "1 in out",
    "sum(out, axis=1)",
    "sum(*out)",
    "sum(**out)",
    "None",
    "...",
    "{1: 2}",
    "{1, 2}",
    "(x for x in out)",
    "out[...]",
    "out[*out]",
    "out\x00",
    "sum",
    "x",
    "__builtins__",
    "out(1)",
    "out[0](1)",
    "1 + " * 750 + "1",
    "(" * 200 + "out" + ")" * 200,
    "-" * 60 + "1",
    "eye(100000)",
    "eye(-1)",
    "eye(2.5)",
    "reshape(out, [100000, 100000])",
    "123456789012345678901234567890",
    "out +",
    "out\nout",
    "",
    "   ",
]


# Audit events that would mean code ran; recorded only while `_nothing_runs` is active.
_RUNNING_CODE = {
    "exec",
    "open",
    "os.system",
    "os.exec",
    "os.spawn",
    "os.posix_spawn",
    "os.fork",
    "subprocess.Popen",
    "socket.connect",
    "ctypes.dlopen",
    "builtins.input",
}
_watchers: list[list[str]] = []


def _audit(event, args):
    if _watchers and event in _RUNNING_CODE:
        _watchers[-1].append(event)


sys.addaudithook(_audit)  # audit hooks cannot be removed; it is inert outside `_nothing_runs`


@contextmanager
def _nothing_runs():
    events: list[str] = []
    _watchers.append(events)
    try:
        yield
    finally:
        _watchers.pop()
    assert events == [], f"code ran: {events}"


@pytest.mark.parametrize("source", HOSTILE, ids=lambda s: repr(s[:30]))
def test_hostile_input_is_rejected_at_parse_time_without_running_anything(source, monkeypatch):
    monkeypatch.setattr(os, "system", lambda command: pytest.fail(f"os.system({command!r}) ran"))
    with _nothing_runs():
        with pytest.raises(ExpressionError):
            parse(source)
        with pytest.raises(ExpressionError):
            evaluate(source, {"out": np.zeros(3)})


def test_the_audit_trap_would_notice_code_running():
    with pytest.raises(AssertionError, match="code ran"), _nothing_runs():
        exec("1")  # the very thing the language must never do


def test_a_source_longer_than_2000_characters_is_rejected_and_2000_is_fine():
    parse("1" + " " * 1999)
    with pytest.raises(ExpressionError, match="3000 characters long; the limit is 2000"):
        parse("1" + " " * 2999)


def test_nesting_limit_is_50():
    parse("(" * 50 + "1" + ")" * 50)
    with pytest.raises(ExpressionError, match="column 51: brackets nested deeper than 50"):
        parse("(" * 51 + "1" + ")" * 51)
    with pytest.raises(ExpressionError, match="nested deeper than 50"):
        parse(" + ".join(["out"] * 60))


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("1 + open('f')", "column 5: function 'open' is not allowed; allowed: abs, conj, diag, "),
        ("1 + out.T", "column 5: attribute access is not allowed"),
        ("out ** 2", r"column 1: operator '\*\*' is not allowed; operators are \+ - \* / @"),
        (
            "sum(out, axis=1)",
            r"column 10: keyword arguments are not allowed; call sum\(x\[, axis\]\)",
        ),
        ("sum(*out)", "column 5: argument unpacking '[*]' is not allowed"),
        ("out + 'a'", "column 7: string constant is not allowed; only numbers are"),
        ("[x for x in out]", "column 1: list comprehension is not allowed"),
        ("out if 1 else 2", "column 1: conditional expression is not allowed"),
        ("(y := 1)", "column 2: assignment expression ':=' is not allowed"),
        ("1 in out", "column 1: comparison 'in' is not allowed"),
        ("foo + 1", "column 1: name 'foo' is not allowed; names are out, outN, argN, inf, nan, pi"),
        ("T + 1", r"column 1: function 'T' must be called: T\(x\)"),
        ("eye(100000)", r"column 1: eye\(n\): n must be between 0 and 4096, got 100000"),
        ("  open(1)", "column 3: function 'open'"),
        ("(out +\n out.T)", "line 2, column 2: attribute access"),
        ("out +", r"column \d+: syntax error"),
        ("(out + 1", r"column \d+: syntax error: '\(' was never closed"),
    ],
)
def test_parse_errors_name_the_construct_and_the_column(source, message):
    with pytest.raises(ExpressionError, match=message):
        parse(source)


def test_non_string_sources_are_rejected():
    for source in (None, 1, b"out"):
        with pytest.raises(ExpressionError, match="must be a string"):
            parse(source)


def test_expressions_compare_by_source():
    assert parse("out + 1") == parse("out + 1") and hash(parse("out")) == hash(parse("out"))
    assert parse("out + 1") != parse("out+1")
    assert parse("out").source == "out"


# --- property: agrees with NumPy --------------------------------------------------------------

TEMPLATES = {
    "out + arg0 * 2": lambda o, a: o + a * 2,
    "sum(out, -1)": lambda o, a: np.sum(o, axis=-1),
    "T(out) @ out": lambda o, a: o.T @ o,
    "mean(out - arg0, 0) / 3": lambda o, a: np.mean(o - a, axis=0) / 3,
    "max(abs(out), -2) >= min(arg0)": lambda o, a: np.max(np.abs(o), axis=-2) >= np.min(a),
    "diag(out @ T(arg0))": lambda o, a: np.diag(o @ a.T),
    "-out[0, 1:] + arg0[-1, 1:]": lambda o, a: -o[0, 1:] + a[-1, 1:],
}


@given(
    template=st.sampled_from(sorted(TEMPLATES)),
    n=st.integers(min_value=2, max_value=4),
    data=st.data(),
)
def test_random_expressions_match_numpy(template, n, data):
    elements = st.floats(min_value=-1e3, max_value=1e3, allow_nan=False, width=64)
    a = data.draw(hnp.arrays(np.float64, (n, n), elements=elements))
    b = data.draw(hnp.arrays(np.float64, (n, n), elements=elements))
    got = evaluate(template, {"out": a, "arg0": b})
    np.testing.assert_allclose(got, TEMPLATES[template](a, b), rtol=1e-12, atol=0)
