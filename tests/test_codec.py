"""The value codec: every dtype round-trips exactly, through lists and through base64."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adapters import codec
from adapters import values as v
from conformance.cases import Tol
from conformance.compare import compare
from reference import dtypes


def representable_floats(dtype: dtypes.DType):
    """Floats the dtype holds exactly (so a round trip must give them back bit for bit)."""
    real = dtypes.part_dtype(dtype) if dtype.is_complex else dtype
    limit = dtypes.finite_max(real)
    special = [math.nan, -0.0, 0.0]
    if dtypes.has_infinity(real):
        special += [math.inf, -math.inf]
    finite = st.floats(-limit, limit, allow_nan=False).map(
        lambda x: float(np.asarray(x).astype(real.storage).astype(np.float64))
    )
    return st.one_of(st.sampled_from(special), finite)


def elements(dtype: dtypes.DType):
    if dtype.is_bool:
        return st.booleans()
    if dtype.is_integer:
        return st.integers(dtype.low, dtype.high)
    if dtype.is_complex:
        part = representable_floats(dtype)
        return st.lists(part, min_size=2, max_size=2)
    return representable_floats(dtype)


@st.composite
def tensors(draw, dtype: dtypes.DType):
    shape = draw(st.lists(st.integers(0, 3), min_size=0, max_size=3))
    count = math.prod(shape)
    data = draw(st.lists(elements(dtype), min_size=count, max_size=count))
    return {"tensor": {"dtype": dtype.name, "shape": shape, "data": data}}


def same_bits(a: v.TensorValue, b: v.TensorValue) -> bool:
    return compare(a, b, Tol(exact=True)) is None


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_dtype_round_trips_through_lists_json_and_base64(dtype, data):
    tagged = data.draw(tensors(dtype))
    value = codec.decode(tagged)
    assert value.dtype is dtype and value.data.dtype == dtype.storage
    through_json = codec.decode(json.loads(json.dumps(codec.encode(value))))
    through_b64 = codec.decode(json.loads(json.dumps(codec.encode(value, b64=True))))
    assert same_bits(value, through_json)
    assert same_bits(value, through_b64)


@pytest.mark.parametrize(
    ("dtype", "bad"),
    [
        ("int8", 128),
        ("int8", -129),
        ("uint8", -1),
        ("uint8", 256),
        ("int4", 8),
        ("int4", -9),
        ("uint4", 16),
        ("int16", 40000),
        ("uint16", 65536),
        ("int32", 2**31),
        ("int", 2**62),
        ("int64", 2**63),
        ("nativeint", -(2**63) - 1),
        ("qint8", 200),
        ("quint8", 300),
        ("bool", 1),
        ("int32", 1.5),
        ("float16", 70000.0),
        ("bfloat16", 1e39),
        ("float8_e4m3", 1000.0),
        ("float8_e5m2", 1e6),
        ("float32", 1e39),
        ("float8_e4m3", ".inf"),
        ("float32", "x"),
        ("complex32", 1.0),
        ("complex16", [1.0, 1e6]),
    ],
)
def test_out_of_range_or_mistyped_data_is_a_case_error_not_a_wrap(dtype, bad):
    with pytest.raises(codec.CodecError) as raised:
        codec.decode({"tensor": {"dtype": dtype, "shape": [1], "data": [bad]}})
    assert raised.value.path[:3] == ("tensor", "data", 0)


@pytest.mark.parametrize(
    ("dtype", "good"),
    [
        ("int", 2**62 - 1),
        ("int", -(2**62)),
        ("int64", 2**63 - 1),
        ("nativeint", -(2**63)),
        ("int4", -8),
        ("uint4", 15),
        ("float8_e5m2", 57344.0),
        ("float8_e4m3", 448.0),
        ("float16", 65504.0),
        ("float8_e5m2", "-inf"),
        ("float8_e4m3", ".nan"),
    ],
)
def test_the_extremes_of_each_range_are_accepted(dtype, good):
    value = codec.decode({"tensor": {"dtype": dtype, "shape": [1], "data": [good]}})
    assert value.shape == (1,)


def test_decimal_literals_round_once_to_the_dtype():
    value = codec.decode({"tensor": {"dtype": "float32", "shape": [1], "data": [0.1]}})
    assert value.data[0] == np.float32(0.1)
    half = codec.decode({"tensor": {"dtype": "bfloat16", "shape": [1], "data": [1.00390625]}})
    assert float(half.data[0]) == 1.0  # a tie rounds to even
    c16 = codec.decode({"tensor": {"dtype": "complex16", "shape": [1], "data": [[0.1, "inf"]]}})
    assert c16.data[0].real == np.float16(0.1) and c16.data[0].imag == math.inf


@pytest.mark.parametrize(
    "tagged",
    [
        {"int": 3},
        {"float": -0.0},
        {"float": "nan"},
        {"bool": False},
        {"string": "x"},
        {"complex": [1.0, -2.0]},
        {"ints": [2, -1]},
        {"floats": [0.5, "inf"]},
        {"pairs": [[1, 1], [0, 2]]},
        {"dtype": "qint8"},
        {"variant": "clip"},
        {"variant": "P", "payload": {"float": 3.0}},
        {
            "index": [
                {"I": 1},
                {"R": [1, 3]},
                {"Rs": [0, 10, 2]},
                {"L": [0, 2]},
                "A",
                "N",
                {"M": {"tensor": {"dtype": "uint8", "shape": [2], "data": [1, 0]}}},
            ]
        },
        {"view": {"shape": [2, 3], "strides": [3, 1], "offset": 0, "mask": None}},
        {"view": {"shape": [2], "strides": [1], "offset": -1, "mask": [[1, 2]]}},
        {"tuple": [{"int": 1}, {"list": [{"unit": None}]}]},
        {"option": None},
        {"option": {"int": 2}},
        {"fn": "index_sum"},
        {"ref": "arg0[1]"},
        {
            "call": {
                "op": "transpose",
                "args": [{"ref": "arg0"}],
                "kwargs": {"axes": {"ints": [1, 0]}},
                "namespace": "nx",
            }
        },
        {"handle": 3},
        {"handle": {"id": 3, "component": 1}},
    ],
)
def test_every_tag_decodes_and_encodes_back_to_itself(tagged):
    value = codec.decode(tagged)
    again = codec.decode(json.loads(json.dumps(codec.encode(value))))
    assert compare(value, again, Tol(exact=True)) is None or value == again


@pytest.mark.parametrize(
    ("tagged", "words"),
    [
        ({"tensr": {}}, "unknown value tag"),
        ({"int": 1, "float": 2.0}, "exactly one tag"),
        ({"int": True}, "expected an integer"),
        ({"index": ["B"]}, "index spec"),
        ({"index": [{"R": [1]}]}, "R takes 2 ints"),
        ({"ref": "out[1]"}, "a ref is"),
        ({"unit": 0}, "unit is written"),
        ({"variant": "x", "extra": 1}, "only 'payload'"),
        ("A", "index spec"),
        (3, "a value is a mapping"),
    ],
)
def test_malformed_values_say_what_is_wrong(tagged, words):
    with pytest.raises(codec.CodecError) as raised:
        codec.decode(tagged)
    assert words in str(raised.value)


def test_base64_with_the_wrong_length_is_refused():
    with pytest.raises(codec.CodecError, match="needs 8"):
        codec.decode({"tensor": {"dtype": "int32", "shape": [2], "b64": "AAAA"}})
