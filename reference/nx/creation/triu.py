"""triu: the upper triangular part of a matrix (nx.txt, "Array Creation").

Element (i, j) is kept when j >= i + k and zeroed below the k-th diagonal: k = 0
(default) keeps the main diagonal, k > 0 zeroes k diagonals above it as well, k < 0
also keeps |k| diagonals below it. Batched over leading axes like `tril`; the result is
a new tensor of the input's shape.
"""

from reference.nx.creation.tril import triangle
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "triu")
def triu(x: Tensor, *, k: int = 0) -> Tensor:
    return triangle("triu", x, lambda offset: offset >= k)
