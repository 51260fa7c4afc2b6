"""of_bigarray, of_bigarray_ext: a tensor over a Bigarray's storage (nx.txt, "Array
Creation").

"Zero-copy when bigarray is contiguous. Creates view sharing same memory. Modifications
to either affect both." A C-layout Bigarray is always one dense block in row-major order
(a sub-array or slice included), so the tensor is always a view: its shape is the
Bigarray's dimensions, its buffer the Bigarray's storage. `of_bigarray` is documented
for a standard Bigarray (OCaml's kinds) and `of_bigarray_ext` for an extended one
("Supports extended types like bfloat16"); both take either.
"""

from reference.errors import require
from reference.genarray.bigarray import C_LAYOUT, Bigarray
from reference.layout import View
from reference.registry import op
from reference.tensor import Tensor


def _view(function: str, ba: Bigarray) -> Tensor:
    # Note: R38 — the documentation only speaks of C-contiguous data and its example is
    # c_layout; a Fortran-layout Bigarray (column-major) is refused with Invalid_argument.
    require(ba.layout == C_LAYOUT, function, f"needs a c_layout Bigarray, got {ba.layout}")
    # Note: R39 — a char Bigarray holds OCaml chars, which no Nx dtype has.
    require(ba.kind.name != "char", function, "a char Bigarray has no Nx dtype")
    return Tensor(ba.data, ba.kind.dtype, View.contiguous(ba.dims))


@op("nx", "of_bigarray")
def of_bigarray(ba: Bigarray) -> Tensor:
    # Note: R39 — "from standard bigarray" does not say what happens to a Bigarray of a
    # Bigarray_ext kind (bfloat16, ...), which OCaml's types let through (both are
    # Bigarray.Genarray.t). Cases accept a refusal or this: the reference takes it like
    # of_bigarray_ext takes it, as a view of its dtype (what Nx 1.0.0~alpha1 does).
    return _view("of_bigarray", ba)


@op("nx", "of_bigarray_ext")
def of_bigarray_ext(ba: Bigarray) -> Tensor:
    return _view("of_bigarray_ext", ba)
