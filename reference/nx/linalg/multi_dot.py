"""multi_dot: the product of a chain of matrices, in the cheapest order (nx.txt,
"Linear Algebra").

`multi_dot [|A0; A1; ...; An-1|]` is A0 A1 ... An-1 for matrices of one dtype whose
inner dimensions agree; integer and bool inputs raise ("@raise Invalid_argument if inputs
are not float or complex", nx.mli:2528, the interface file). As in NumPy's `multi_dot`,
the first operand may be 1-D (a row vector) and the last may be 1-D (a column
vector); the added axis is removed from the result, so a 1-D first and last give a 0-D
tensor. As Nx 1.0.0~alpha1 (see the notes),
one array is its own product and operands of more than two dimensions are batches of
matrices that broadcast as in `matmul`.

The association order is the one that minimises the number of scalar multiplications
(documented: "selects the association order that minimizes computational cost"),
found by the classic dynamic program for the matrix-chain problem (Cormen, Leiserson,
Rivest and Stein, "Introduction to Algorithms", 3rd ed., section 15.2,
MATRIX-CHAIN-ORDER): cost[i][j] = min over i <= s < j of cost[i][s] + cost[s+1][j] +
p_i * p_(s+1) * p_(j+1), where A_i is p_i x p_(i+1). It takes O(n^3) time and O(n^2)
space for n matrices; among equally cheap orders it keeps the first split point, as
NumPy does. The products are then evaluated in that order on the exact wide values,
and the result is rounded once.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from reference.broadcast import broadcast_shapes
from reference.errors import require
from reference.nx._cores.elementwise import same_dtype
from reference.nx._cores.matmul import matmul
from reference.nx.linalg._common import wide
from reference.registry import op
from reference.tensor import Tensor

Order = int | tuple["Order", "Order"]
"""A parenthesisation: the index of one matrix, or the pair (left factor, right factor)."""


def chain_order(dims: Sequence[int]) -> tuple[int, Order]:
    """The cheapest parenthesisation of matrices A_i of shape dims[i] x dims[i + 1], and
    its cost in scalar multiplications."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(2, n + 1):
        for i in range(n - length + 1):
            j = i + length - 1
            cost[i][j], split[i][j] = min(
                (cost[i][s] + cost[s + 1][j] + dims[i] * dims[s + 1] * dims[j + 1], s)
                for s in range(i, j)
            )

    def order(i: int, j: int) -> Order:
        return i if i == j else (order(i, split[i][j]), order(split[i][j] + 1, j))

    return cost[0][n - 1], order(0, n - 1)


def evaluate(order: Order, matrices: Sequence[np.ndarray]) -> np.ndarray:
    """The product of `matrices` associated as `order` says."""
    if isinstance(order, int):
        return matrices[order]
    left, right = order
    return matmul(evaluate(left, matrices), evaluate(right, matrices))


@op("nx", "multi_dot")
def multi_dot(arrays: list[Tensor]) -> Tensor:
    # Note: R149 — the documentation ("@raise Invalid_argument if array is empty") speaks of
    # chains; as Nx 1.0.0~alpha1, a chain of one array is that array itself (NumPy's
    # multi_dot needs two).
    require(len(arrays) >= 1, "multi_dot", "the array of matrices is empty")
    # "@raise Invalid_argument if inputs are not float or complex" (nx.mli:2528)
    for t in arrays:
        require(
            t.dtype.is_float or t.dtype.is_complex,
            "multi_dot",
            f"{t.dtype.name} input: the inputs must be float or complex (nx.mli:2528)",
        )
    if len(arrays) == 1:
        return arrays[0]
    dtype = same_dtype("multi_dot", *arrays)
    last = len(arrays) - 1
    # Note: R149 — as Nx 1.0.0~alpha1 (the documentation speaks of matrices), an operand of more
    # than two dimensions is a batch of matrices, broadcast as in `matmul` (NumPy's
    # multi_dot takes 2-D operands only).
    for position, t in enumerate(arrays):
        require(
            t.ndim >= 2 or (t.ndim == 1 and position in (0, last)),
            "multi_dot",
            f"array {position} has shape {list(t.shape)}; only the first and last "
            f"arrays may be 1-D, and none 0-D",
        )
    matrices = [wide(t) for t in arrays]
    if arrays[0].ndim == 1:
        matrices[0] = matrices[0].reshape(1, -1)
    if arrays[last].ndim == 1:
        matrices[last] = matrices[last].reshape(-1, 1)
    for position in range(last):
        left, right = matrices[position].shape, matrices[position + 1].shape
        require(
            left[-1] == right[-2],
            "multi_dot",
            f"arrays {position} and {position + 1} have shapes "
            f"{list(arrays[position].shape)} and {list(arrays[position + 1].shape)}: "
            f"their inner dimensions {left[-1]} and {right[-2]} must agree",
        )
    batch = broadcast_shapes("multi_dot", *(m.shape[:-2] for m in matrices))
    dims = [m.shape[-2] for m in matrices] + [matrices[last].shape[-1]]
    _, order = chain_order(dims)
    product = evaluate(order, matrices)
    rows = (product.shape[-2],) if arrays[0].ndim >= 2 else ()
    columns = (product.shape[-1],) if arrays[last].ndim >= 2 else ()
    return Tensor.from_values(product.reshape(batch + rows + columns), dtype)
