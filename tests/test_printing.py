"""The Printing and Display functions against independent oracles.

- `format_g` is OCaml's `Printf "%g"`, which is C's `printf("%g")`; Python's `"%g" % x` is
  C's `%g` too (correctly rounded, ties to even), so the two must agree on every double,
  and on every value each float dtype stores.
- `data_to_string`'s layout is NumPy's `array2string` with `", "` separators, no
  truncation and no line wrapping, once the blank lines NumPy puts between blocks of
  rank >= 2 are dropped (READINGS R205: one `",\\n"` between blocks, one
  space of indent per open bracket). The elements come from a separate table: `"%g"` for
  floats, `str` for integers, `true` / `false`, `"(%g+%gi)"` for complex numbers.
- The formatter functions write exactly what their `_to_string` twin returns.
"""

from __future__ import annotations

import contextlib
import io
import math
import re
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from reference import dtypes
from reference.nx.printing._common import format_g
from tests.strided_tensors import SETTINGS, exact, nx, tensors

FLOATS = [d for d in dtypes.DTYPES if d.is_float]
PER_DTYPE = settings(SETTINGS, max_examples=12)  # 22 dtypes: keep the run short


def printf_g(x: float) -> str:
    """C's printf("%g"), as Python's % operator implements it."""
    return "%g" % x  # noqa: UP031 - the printf spelling is the point


# --- %g ------------------------------------------------------------------------------------


@SETTINGS
@given(st.floats(allow_nan=True, allow_infinity=True))
def test_format_g_is_c_printf_g_on_doubles(x):
    assert format_g(x) == printf_g(x)


@SETTINGS
@given(st.integers(-(10**7), 10**7), st.integers(-330, 310))
def test_format_g_is_c_printf_g_on_decimal_ties_and_boundaries(mantissa, exponent):
    """The doubles nearest k * 10^e and (k + 1/2) * 10^e: near the rounding and notation
    boundaries of 6 significant digits, where an approximate formatter would slip."""
    for x in (float(f"{mantissa}e{exponent}"), float(f"{mantissa}5e{exponent - 1}")):
        assert format_g(x) == printf_g(x)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: d.name)
@SETTINGS
@given(x=st.floats(allow_nan=True, allow_infinity=True))
def test_format_g_is_c_printf_g_on_every_stored_value(dtype, x):
    stored = float(dtypes.to_storage(np.array(x), dtype).astype(np.float64))
    assert format_g(stored) == printf_g(stored)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.2, "0.2"),
        (3.14, "3.14"),
        (-0.9090909361839294, "-0.909091"),
        (-0.0, "-0"),
        (1e-05, "1e-05"),
        (1.5e10, "1.5e+10"),
        (math.nan, "nan"),
        (-math.nan, "nan"),
        (math.inf, "inf"),
        (-math.inf, "-inf"),
        (1e100, "1e+100"),
        (100000.0, "100000"),
        (1e6, "1e+06"),
        (0.0001, "0.0001"),
    ],
)
def test_format_g_writes_the_documented_forms(value, text):
    """The forms the documentation's examples and READINGS R204 show."""
    assert format_g(value) == text


# --- The layout ----------------------------------------------------------------------------


def oracle_element(x) -> str:
    if isinstance(x, bool | np.bool_):
        return "true" if x else "false"
    if isinstance(x, complex | np.complexfloating):
        return f"({printf_g(x.real)}+{printf_g(x.imag)}i)"
    if isinstance(x, float | np.floating):
        return printf_g(x)
    return str(int(x))


def oracle_text(values: np.ndarray) -> str:
    """NumPy's array2string, whole, with its blank lines between blocks dropped."""
    text = np.array2string(
        values,
        separator=", ",
        threshold=sys.maxsize,
        max_line_width=sys.maxsize,
        formatter={"all": oracle_element},
    )
    return re.sub(r"\n+", "\n", text)


def printed(call, *args) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert call(*args) is None
    return out.getvalue()


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
@PER_DTYPE
@given(data=st.data())
def test_data_to_string_is_numpys_layout_of_the_stored_values(dtype, data):
    """Every dtype, ranks 0 to 5, sizes 0 to 3 per axis, every memory layout (the printed
    order is the logical one)."""
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=5, min_side=0, max_side=3))
    t = data.draw(tensors(dtype, shape))
    assert nx("data_to_string", t) == oracle_text(exact(t))


def test_no_truncation():
    t = nx("arange", dtypes.INT64, 0, 3000, 1)
    assert nx("data_to_string", t) == "[" + ", ".join(map(str, range(3000))) + "]"


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
@PER_DTYPE
@given(data=st.data())
def test_the_formatter_functions_write_the_string_functions_text(dtype, data):
    shape = data.draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=3))
    t = data.draw(tensors(dtype, shape))
    text = nx("data_to_string", t)
    assert printed(nx, "pp_data", "std_formatter", t) == text
    assert printed(nx, "print_data", t) == text + "\n"
    assert nx("format_to_string", lambda fmt, x: nx("pp_data", fmt, x), t) == text
    info = nx("to_string", t)
    assert printed(nx, "pp", "std_formatter", t) == info
    assert printed(nx, "print", t) == info + "\n"
    # READINGS R207 leaves the layout open; the reference writes Nx's info block, the data after
    # "  Data: " with its continuation lines shifted right by those 8 columns.
    shape = "[" + "; ".join(str(d) for d in t.shape) + "]"
    data_lines = text.replace("\n", "\n" + " " * 8)
    assert f"  Shape: {shape}\n  Dtype: {dtype.name}\n" in info
    assert info.endswith(f"  Data: {data_lines}\n")


@pytest.mark.parametrize("dtype", dtypes.DTYPES, ids=lambda d: d.name)
def test_dtype_names_are_the_lowercase_constructors(dtype):
    assert nx("dtype_to_string", dtype) == dtype.constructor.lower()
    assert printed(nx, "pp_dtype", "std_formatter", dtype) == dtype.constructor.lower()


@SETTINGS
@given(hnp.array_shapes(min_dims=0, max_dims=6, min_side=0, max_side=10**6))
def test_shape_to_string_joins_the_dimensions_with_x_in_brackets(shape):
    text = nx("shape_to_string", shape)
    assert text.startswith("[") and text.endswith("]")
    assert text[1:-1].split("x") == ([str(d) for d in shape] or [""])
    assert printed(nx, "pp_shape", "std_formatter", shape) == text


def test_format_to_string_gives_a_fresh_buffer_to_the_printer():
    t = nx("create", dtypes.INT32, (2,), [1, 2])
    assert nx("format_to_string", lambda fmt, x: nx("pp_shape", fmt, x.shape), t) == "[2]"
    assert (
        printed(nx, "print_with_formatter", lambda fmt, x: nx("pp_dtype", fmt, x.dtype), t)
        == "int32\n"
    )


def test_an_unknown_formatter_is_refused():
    t = nx("create", dtypes.INT32, (1,), [1])
    with pytest.raises(Exception, match="formatter") as raised:
        nx("pp_data", "no_such_formatter", t)
    assert raised.value.kind.value == "Invalid_argument"
