"""trace: the sum along a diagonal (nx.txt, "Norms and Condition Numbers").

`trace ?offset a` sums the elements a_{i, i+offset} of the last two axes: offset 0 (the
default) is the main diagonal, positive offsets the diagonals above it, negative ones
those below (NumPy `trace`, READINGS R145). A
diagonal beyond the matrix is empty and sums to 0. A batch gives a tensor of the batch's
shape, in a's dtype (integers wrap, as `sum` does).
"""

import numpy as np

from reference.errors import require
from reference.nx._cores.elementwise import wide
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "trace")
def trace(a: Tensor, *, offset: int = 0) -> Tensor:
    require(a.ndim >= 2, "trace",
            f"input has shape {list(a.shape)}; it must be a matrix (at least 2-D)")
    # Note: R147 — the sentence "Functions will raise Invalid_argument if given integer tensors"
    # is about the functions that need floating point; a trace is a sum, which every
    # dtype has, so integer (and bool) matrices are summed like `sum` does.
    diagonal = np.diagonal(wide(a), offset=offset, axis1=-2, axis2=-1)
    return Tensor.from_values(np.add.reduce(diagonal, axis=-1), a.dtype)
