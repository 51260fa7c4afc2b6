"""randn: standard normal random floats (nx.txt, "Random Number Generation").

`randn dtype ?seed shape` fills a tensor of `shape` with values of mean 0 and variance 1,
by the Box–Muller transform (documented). Only float dtypes (documented); the same seed
gives the same values (documented), on every run and platform. The values are computed in
float64 from 53-bit uniforms and rounded once into the dtype (the generator and the
transform: `reference/nx/_cores/rng.py`).
"""

from reference.dtypes import DType
from reference.nx._cores import rng
from reference.nx.random._common import draw_size, require_float, seed_or_fresh
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "randn")
def randn(dtype: DType, shape, *, seed: int | None = None) -> Tensor:
    require_float("randn", dtype)
    shape, count = draw_size("randn", shape)
    values = rng.normal(seed_or_fresh(seed), count)
    return Tensor.from_values(values.reshape(shape), dtype)
