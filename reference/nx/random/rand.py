"""rand: uniform random floats in [0, 1) (nx.txt, "Random Number Generation").

`rand dtype ?seed shape` fills a tensor of `shape` with uniform values in [0, 1)
(documented, 1 excluded). Only float dtypes (documented); the same seed gives the same
values (documented), on every run and platform. Each element is k · 2^-p for the dtype's
precision p, from the generator's top p bits: exactly representable, never 1.0, even in
float16 or bfloat16 (the generator and the construction: `reference/nx/_cores/rng.py`).
"""

from reference.dtypes import DType
from reference.nx._cores import rng
from reference.nx.random._common import draw_size, require_float, seed_or_fresh
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "rand")
def rand(dtype: DType, shape, *, seed: int | None = None) -> Tensor:
    require_float("rand", dtype)
    shape, count = draw_size("rand", shape)
    values = rng.uniform(seed_or_fresh(seed), count, rng.significand_bits(dtype))
    return Tensor.from_values(values.reshape(shape), dtype)
