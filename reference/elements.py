"""OCaml element values -> the numbers a tensor stores.

An op that takes an element (`full dtype shape value`, `add_s t scalar`, the data of
`create`, the results of `init`'s function) receives an OCaml value of the dtype's
element type (`float`, `int`, `int32`, `Complex.t`, `bool`, ...). `element` checks
that it is one and turns it into the Python number that will be stored; `filled` and
`constant` build tensors of such numbers, rounded or wrapped once into the dtype.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence

import numpy as np

from reference.dtypes import DType, wrap_integers
from reference.errors import check_shape, invalid
from reference.tensor import Tensor


def element(function: str, dtype: DType, value):
    """`value` as a number of `dtype`'s element type, before it is stored.

    Integer dtypes wrap it modulo 2^bits here (so that Python ints of any size are safe);
    floats and complex numbers are rounded later, once, by `Tensor.from_values`.
    """
    # Note: R20 — an OCaml `int` given to an int8/uint8/int16/uint16/int4/uint4/qint8/quint8
    # tensor (whose element type is `int`) can be out of the dtype's range
    # (`full int8 [|2|] 300`). The documentation is silent; integer arithmetic wraps
    # modulo 2^bits at every width (READINGS R19) and Bigarray's own storage both
    # wrap, so the reference wraps: 300 in int8 is 44, -1 in uint8 is 255.
    #
    # Note: R203 — OCaml's types keep a float out of an int tensor; the functions a case can
    # name (`index_sum`, `identity_indicator`) return Python ints for every element type,
    # so an int is accepted for float, complex and bool dtypes (bool: non-zero is true).
    if dtype.is_bool:
        if isinstance(value, numbers.Integral):
            return bool(value)
    elif dtype.is_integer:
        if isinstance(value, numbers.Integral):
            return int(wrap_integers(np.array(int(value), dtype=object), dtype))
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
