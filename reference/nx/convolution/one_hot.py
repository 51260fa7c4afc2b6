"""one_hot: one-hot encoding (nx.txt, "Convolution and Pooling").

`one_hot ~num_classes indices` adds a new last dimension of size `num_classes`: element
`[i…; k]` is 1 where `indices.[i…] = k`, else 0. "Values must be in [0, num_classes).
Out-of-range indices produce zero vectors" (negative ones too). The result is
`(int, uint8_elt) t` (documented). "Adds new last dimension of size num_classes"
(nx.txt:2579). "@raise Invalid_argument if indices not integer type or num_classes <= 0"
(nx.mli:3621, the interface file, whose @raise lines the rendered page lost): num_classes
0 raises.
"""

import numpy as np

from reference.dtypes import UINT8
from reference.errors import require
from reference.registry import op
from reference.tensor import Tensor


# Note: R200 — the entry shows no signature; its examples use int32 indices. Indices of every
# integer dtype are taken (their values compared exactly); float, complex and bool
# indices raise Invalid_argument (as nx.mli:3621 documents), and so does a num_classes <= 0
# (nx.mli:3621).
@op("nx", "one_hot")
def one_hot(indices: Tensor, *, num_classes: int) -> Tensor:
    require(
        indices.dtype.is_integer,
        "one_hot",
        f"{indices.dtype.name} indices: they must have an integer dtype",
    )
    require(num_classes > 0, "one_hot", f"~num_classes {num_classes}: must be > 0 (nx.mli:3621)")
    classes = np.arange(num_classes, dtype=np.int64)
    hits = indices.array().astype(np.int64)[..., np.newaxis] == classes
    return Tensor.from_values(hits, UINT8)
