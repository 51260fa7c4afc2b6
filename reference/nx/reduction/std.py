"""std: the standard deviation over `?axes` (nx.txt, "Reduction Operations").

"Square root of variance: sqrt(var(t, ddof))", with `var`'s `?ddof`, axes and
`keepdims`. The root is taken of the unrounded variance and the result rounded once into
the input dtype. Integer and bool tensors are refused, as `sqrt` refuses them.
"""

from __future__ import annotations

from collections.abc import Sequence

from reference.errors import require
from reference.nx.reduction._common import variance
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "std")
def std(t: Tensor, *, axes: Sequence[int] | None = None, keepdims: bool = False,
        ddof: int = 0) -> Tensor:
    # Note: R100 — std is documented as sqrt (var t), and sqrt refuses integer and bool
    # dtypes (settled by Nx 1.0.0~alpha1, whose std raises Failure "sqrt: operation not
    # supported for dtype" there): std of an integer or bool tensor raises.
    require(t.dtype.is_float or t.dtype.is_complex, "std",
            f"dtype {t.dtype.name} is not accepted; std takes float or complex tensors (its "
            f"sqrt refuses integers and bool)")
    return variance("std", t, axes, keepdims, ddof, root=True)
