"""The comparator: exact where it must be, tolerant where the format says, and clear."""

from __future__ import annotations

import math

import pytest

from adapters import codec
from adapters import values as v
from conformance.cases import Tol
from conformance.compare import compare

NAN, INF = math.nan, math.inf


def t(dtype, data, shape=None):
    shape = [len(data)] if shape is None else shape
    return codec.tensor(dtype, shape, data)


def test_nan_equals_nan_in_the_same_position_only():
    assert compare(t("float32", [NAN, 1.0]), t("float32", [NAN, 1.0])) is None
    message = compare(t("float32", [NAN, 1.0]), t("float32", [1.0, NAN]))
    assert "2 of 2 element(s)" in message
    assert "at [0]: got 1.0, expected nan" in message


def test_signed_zero_matters_only_under_exact():
    assert compare(t("float64", [0.0]), t("float64", [-0.0])) is None
    assert "got -0.0, expected 0.0" in compare(
        t("float64", [0.0]), t("float64", [-0.0]), Tol(exact=True)
    )


def test_infinities_match_only_the_same_infinity():
    assert compare(t("float32", [INF, -INF]), t("float32", [INF, -INF])) is None
    assert compare(t("float32", [INF]), t("float32", [-INF])) is not None
    assert compare(t("float32", [INF]), t("float32", [3e38])) is not None
    assert compare(t("float32", [INF]), t("float32", [NAN])) is not None


@pytest.mark.parametrize(
    ("dtype", "expected", "inside", "outside"),
    [
        # float32 default: atol 1e-6 + rtol 1e-5 * |expected|
        ("float32", 1.0, 1.0 + 1.0e-5, 1.0 + 2.0e-5),
        ("float64", 1.0, 1.0 + 1.5e-12, 1.0 + 3e-12),
        ("float16", 1.0, 1.0009765625, 1.0029296875),
        ("bfloat16", 1.0, 1.0078125, 1.03125),
        ("float8_e5m2", 1.0, 1.0, 1.25),
    ],
)
def test_default_tolerance_boundaries_per_dtype(dtype, expected, inside, outside):
    assert compare(t(dtype, [expected]), t(dtype, [inside])) is None
    message = compare(t(dtype, [expected]), t(dtype, [outside]))
    assert message is not None and "outside tolerance" in message


def test_case_tolerance_overrides_the_default():
    loose = Tol(rtol=0.0, atol=0.5)
    assert compare(t("float32", [1.0]), t("float32", [1.4]), loose) is None
    assert "atol=0.5" in compare(t("float32", [1.0]), t("float32", [1.6]), loose)


def test_complex_parts_compare_separately_with_nan_and_inf():
    a = t("complex32", [[1.0, NAN], [INF, -0.0]])
    assert compare(a, t("complex32", [[1.0, NAN], [INF, 0.0]])) is None
    assert compare(a, t("complex32", [[1.0, 0.0], [INF, 0.0]])) is not None
    assert compare(t("complex64", [[1.0, 2.0]]), t("complex64", [[1.0, 2.0 + 1e-6]])) is not None


def test_integers_bools_dtypes_and_shapes_are_exact():
    assert "got 4, expected 3" in compare(t("int32", [3]), t("int32", [4]))
    assert compare(t("bool", [True]), t("bool", [False])) is not None
    assert "dtype differs: got int64, expected int32" in compare(t("int32", [3]), t("int64", [3]))
    assert "shape differs: got [1, 2], expected [2]" in compare(
        t("int32", [1, 2]), t("int32", [1, 2], [1, 2])
    )


def test_the_message_lists_first_positions_count_and_errors():
    expected = t("float32", [0.0] * 10, [2, 5])
    got = t("float32", [0.0, 1.0, 0.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 2.0], [2, 5])
    message = compare(expected, got)
    assert message.splitlines()[0].startswith("values differ: 3 of 10 element(s) of float32 [2, 5]")
    assert "at [0, 1]: got 1.0, expected 0.0" in message
    assert "max abs error 2" in message
    assert "rtol=1e-05, atol=1e-06" in message


def test_sequences_compare_whatever_their_encoding():
    assert compare(v.Ints((2, 3)), v.List((2, 3))) is None
    assert compare(v.Ints((2, 3)), v.Tuple((2, 3))) is None
    assert "length differs" in compare(v.Ints((2, 3)), v.Ints((2, 3, 4)))
    assert "at [1]" in compare(v.Ints((2, 3)), v.Ints((2, 4)))
    assert compare(v.Pairs(((1, 2),)), v.List((v.Ints((1, 2)),))) is None


def test_scalars_keep_their_kind():
    assert compare(3, 3) is None
    assert compare(3, 3.0) is not None
    assert compare(True, 1) is not None
    assert compare(1.0, 1.0 + 1e-13) is None
    assert "rel error" in compare(1.0, 1.1)
    assert compare(NAN, NAN) is None
    assert compare(complex(1, NAN), complex(1, NAN)) is None
    assert compare("[1, 2]", "[1, 2]") is None and compare("a", "b") is not None


def test_options_and_unit():
    assert compare(v.Option(None), v.UNIT) is None
    assert compare(v.Option(3), 3) is None
    assert compare(v.Option(3), v.Option(None)) is not None
