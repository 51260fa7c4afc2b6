"""to_bigarray, to_bigarray_ext: a tensor as a new C-layout Bigarray (nx.txt, "Array
Properties").

"Always returns contiguous copy with same shape": the Bigarray's dimensions are the
tensor's shape and its elements the tensor's in row-major order (read through a view's
strides and offset); it has its own storage, so a write to it never reaches the tensor.
`to_bigarray` gives a standard Bigarray (OCaml's kinds); `to_bigarray_ext` an extended
one, whose kinds also cover Nx's extended element types (bfloat16, float16, int4, ...).
"""

from reference.errors import Failure
from reference.genarray.bigarray import C_LAYOUT, KIND_OF_DTYPE, Bigarray, Kind
from reference.registry import op
from reference.tensor import Tensor


def _copy(t: Tensor, kind: Kind) -> Bigarray:
    return Bigarray(kind, C_LAYOUT, t.shape, t.values().reshape(-1))


@op("nx", "to_bigarray")
def to_bigarray(t: Tensor) -> Bigarray:
    kind = KIND_OF_DTYPE[t.dtype]
    # Note: R30 — "converts to standard bigarray", and the extended one is the documented way for
    # "e.g. bfloat16": a dtype with no kind in OCaml's Bigarray (bfloat16, the float8s,
    # int4/uint4, complex16, bool, qint8/quint8) is refused with Failure, as nx.mli:206
    # documents ("@raise Failure if tensor dtype is an extended type not supported by
    # standard Bigarray"). float16 has one since OCaml 5.2 and gives a float16 Bigarray
    # (kept as the reading: Nx 1.0.0~alpha1 does so).
    if not kind.standard:
        raise Failure(
            f"to_bigarray: {t.dtype.name} has no kind in the standard Bigarray "
            "(use to_bigarray_ext)"
        )
    return _copy(t, kind)


@op("nx", "to_bigarray_ext")
def to_bigarray_ext(t: Tensor) -> Bigarray:
    return _copy(t, KIND_OF_DTYPE[t.dtype])
