"""What the comparisons and logical ops share (nx.txt, "Comparison and Logical
Operations").

A comparison takes two tensors of one dtype (no promotion), broadcast together, and
returns 1 where the relation holds and 0 elsewhere as uint8 — the documented result type
`(int, uint8_elt) t` (nx.mli:1691, `val cmplt : ('a, 'b) t -> ('a, 'b) t -> (int,
uint8_elt) t`) — for every input dtype. Values are compared exactly, in the wide type of
their dtype (`_cores/elementwise.py`).

- NaN is unordered (IEEE 754; the documentation names the relations, nx.txt:1282 "returns
  1 where t1 < t2, 0 elsewhere.", and is silent on NaN): every ordered comparison with a
  NaN is 0 (cmple and cmpge included), `cmpeq` is 0 and `cmpne` is 1.
- Complex values have no documented order (R113): the reference orders them
  lexicographically, by real part then imaginary part, as NumPy does, a value with a NaN
  part unordered; the cases accept that or a refusal.
- bool: false < true.

The logical ops (`truth`): "Non-zero values are true." (nx.txt:1369), on every dtype their
type `('a, 'b) t -> ('a, 'b) t -> ('a, 'b) t` (nx.txt:1366) accepts.

An `_s` variant compares with a scalar of the tensor's element type (`scalar_operand`).
"""

from __future__ import annotations

import numpy as np

from reference.dtypes import UINT8
from reference.nx._cores.elementwise import Compute, binary, scalar_operand, unary
from reference.tensor import Tensor


# Note: R113 — the documentation gives no order on complex numbers; the reference follows
# NumPy's lexicographic order (READINGS R3), the same order as maximum, minimum and clamp;
# the cases of this section accept it or a refusal.
def compare(function: str, t1: Tensor, t2: Tensor, relation: Compute) -> Tensor:
    """1 where `relation` holds (a NumPy comparison ufunc), else 0, as uint8."""
    return binary(function, t1, t2, relation, result_dtype=UINT8)


def compare_scalar(function: str, t: Tensor, scalar, relation: Compute) -> Tensor:
    """`compare` of every element of `t` with the element `scalar`."""
    return compare(function, t, scalar_operand(function, t, scalar), relation)


def truth(values: np.ndarray) -> np.ndarray:
    """Non-zero is true (nx.txt:1369): NaN is true, -0.0 is false (it equals 0), and a
    complex value is true when either part is non-zero."""
    return values != 0


def float_test(function: str, t: Tensor, test: Compute, otherwise: bool) -> Tensor:
    """`test` (isnan, isinf, isfinite) of every element as uint8 0 / 1; "non-float types"
    (integers, bool, complex) give `otherwise` everywhere, as documented."""
    if t.dtype.is_float:
        return unary(function, t, test, result_dtype=UINT8)
    return unary(function, t, lambda values: np.full(values.shape, otherwise), result_dtype=UINT8)
