"""randint: uniform random integers in [low, high) (nx.txt, "Random Number Generation").

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
def randint(dtype: DType, shape, low: int, *, seed: int | None = None, high: int = 10) -> Tensor:
    # Note: R44 — the documentation refuses a non-integer dtype and low >= high, and every
    # value generated lies in [low, high) (nx.txt:392). A range the dtype cannot hold is
    # refused, as NumPy's `Generator.integers` refuses it (R3; the kind is not documented,
    # R5): a draw stored wrapped (what Nx 1.0.0~alpha1 does) would leave [low, high). So
    # `randint int4 [|3|] 0`, whose default high of 10 is out of int4's range, is refused.
    require(dtype.is_integer, "randint", f"dtype {dtype.name}; only integer dtypes are supported")
    require(
        low < high,
        "randint",
        f"low = {low} >= high = {high}; the range [low, high) must not be empty",
    )
    require(
        dtype.low <= low and high - 1 <= dtype.high,
        "randint",
        f"[{low}, {high}) is not within {dtype.name}'s range [{dtype.low}, {dtype.high}]",
    )
    shape, count = draw_size("randint", shape)
    values = rng.integers(seed_or_fresh(seed), count, low, high)
    return Tensor.from_values(values.reshape(shape), dtype)
