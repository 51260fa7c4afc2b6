"""randint: uniform random integers in [low, high) (seed 001, "Random Number Generation").

`randint dtype ?seed ?high shape low` fills a tensor of `shape` with integers drawn
uniformly from [low, high) (documented; `high` is exclusive, "NumPy convention", and
defaults to 10). The same seed gives the same values on every run and platform. Each
element is low + (output mod (high - low)) of the generator of
`reference/nx/_cores/rng.py`.
"""

from reference.dtypes import DType
from reference.errors import require
from reference.nx._cores import rng
from reference.nx.random._common import draw_size, seed_or_fresh
from reference.registry import op
from reference.tensor import Tensor


@op("nx", "randint")
def randint(dtype: DType, shape, low: int, *, seed: int | None = None,
            high: int = 10) -> Tensor:
    # Note: R44 — the documentation says "generates integers" and gives no dtype rule. NumPy's
    # `Generator.integers` takes integer dtypes only and refuses an empty range and a
    # range its dtype cannot hold; the reference does the same (READINGS R3;
    # the error kind is not documented: R5). So `randint int4 [|3|] 0`, whose default
    # high of 10 is out of int4's range, is refused rather than wrapped.
    require(dtype.is_integer, "randint",
            f"dtype {dtype.name}; only integer dtypes are supported")
    require(low < high, "randint", f"low = {low} >= high = {high}; the range [low, high) "
                                   f"must not be empty")
    require(dtype.low <= low and high - 1 <= dtype.high, "randint",
            f"[{low}, {high}) is not within {dtype.name}'s range "
            f"[{dtype.low}, {dtype.high}]")
    shape, count = draw_size("randint", shape)
    values = rng.integers(seed_or_fresh(seed), count, low, high)
    return Tensor.from_values(values.reshape(shape), dtype)
