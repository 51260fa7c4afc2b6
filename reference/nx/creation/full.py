"""full: a new tensor of `shape` with every element `value` (seed 001, "Array Creation").

`full dtype shape value` allocates a fresh C-contiguous tensor and stores `value` in
every position. The value is an OCaml value of the dtype's element type, stored the way
every result is: floats round once to the dtype (nearest even), integers wrap modulo
2^bits, complex parts round to the part dtype.

This module also holds `element` and `filled`, the two steps every creation function
shares: turn one OCaml value into the Python number that is stored, and build a tensor
from such numbers.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

from reference.dtypes import DType
from reference.errors import check_shape, invalid
from reference.registry import op
from reference.tensor import Tensor


def element(function: str, dtype: DType, value):
    """`value` as a number of `dtype`'s element type, before it is stored.

    Integer dtypes wrap it modulo 2^bits here (so that Python ints of any size are safe);
    floats and complex numbers are rounded later, once, by `Tensor.from_values`.
    """
    # Note: an OCaml `int` given to an int8/uint8/int16/uint16/int4/uint4/qint8/quint8
    # tensor (whose element type is `int`) can be out of the dtype's range
    # (`full int8 [|2|] 300`). The documentation is silent; NOTES-ON-AMBIGUITY ("Integer
    # arithmetic wraps modulo 2^bits at every width") and Bigarray's own storage both
    # wrap, so the reference wraps: 300 in int8 is 44, -1 in uint8 is 255.
    #
    # Note: OCaml's types keep a float out of an int tensor; the functions a case can
    # name (`index_sum`, `identity_indicator`) return Python ints for every element type,
    # so an int is accepted for float, complex and bool dtypes (bool: non-zero is true).
    if dtype.is_bool:
        if isinstance(value, numbers.Integral):
            return bool(value)
    elif dtype.is_integer:
        if isinstance(value, numbers.Integral):
            span = 1 << dtype.bits
            return (int(value) - dtype.low) % span + dtype.low
    elif dtype.is_float:
        if isinstance(value, numbers.Real):
            return float(value)
    elif isinstance(value, numbers.Complex):
        return complex(value)
    raise invalid(function, f"{value!r} is not a {dtype.name} element "
                            f"(OCaml element type {dtype.ocaml_type})")


_WIDE = {"bool": np.bool_, "signed": np.int64, "unsigned": np.int64,
         "float": np.float64, "complex": np.complex128}


def filled(dtype: DType, shape: tuple[int, ...], elements: Sequence) -> Tensor:
    """A new C-contiguous tensor of `shape` holding `elements` (row-major), each already
    passed through `element`, rounded once into the dtype."""
    wide = np.array(list(elements), dtype=_WIDE[dtype.kind.value]).reshape(shape)
    return Tensor.from_values(wide, dtype)


def constant(function: str, dtype: DType, shape, value) -> Tensor:
    """`shape` (checked) filled with `value` (converted with `element`)."""
    shape = check_shape(function, shape)
    stored = element(function, dtype, value)
    return Tensor.from_values(np.full(shape, stored, dtype=_WIDE[dtype.kind.value]), dtype)


@op("nx", "full")
def full(dtype: DType, shape: tuple[int, ...], value) -> Tensor:
    return constant("full", dtype, shape, value)
