"""tile: repeat the whole tensor along each dimension (nx.txt, "Shape Manipulation").

`reps.(i)` copies of `t` are laid side by side along dimension i. If `reps` is longer
than `ndim t`, `t` gets leading dimensions of size 1 first, and shorter raises; zero
repetitions give an empty dimension. The result is a new tensor.
"""

import numpy as np

from reference.errors import check_shape, require
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "tile")
def tile(reps: tuple[int, ...], t: Tensor) -> Tensor:
    # Note: R49 — a negative repetition count raises (NumPy refuses it too), like a negative size.
    reps = check_shape("tile", reps)
    # Note: R50 — `reps` shorter than `ndim t` is silent in the documentation (NumPy pads it with
    # leading 1s). Cases accept either; the reference raises Invalid_argument, as Nx
    # 1.0.0~alpha1 does ("reps length must be >= tensor rank").
    require(
        len(reps) >= t.ndim,
        "tile",
        f"reps {list(reps)} has fewer entries than the {t.ndim} dimensions of the tensor",
    )
    rank = len(reps)
    reps = (1,) * (rank - len(reps)) + reps
    values = t.values().reshape((1,) * (rank - t.ndim) + t.shape)
    # Index j of a tiled dimension of size n reads index j mod n of the source.
    sources = [
        np.arange(size * rep) % size if size else np.arange(0)
        for size, rep in zip(values.shape, reps, strict=True)
    ]
    return Tensor.from_values(values[np.ix_(*sources)], t.dtype)
