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
    # Note: R44 — the documentation refuses a non-integer dtype and low >= high. A range the dtype
    # cannot hold is silent (NumPy's `Generator.integers` refuses it). Settled by Nx
    # 1.0.0~alpha1: it is not refused; the draws are stored into the dtype however that
    # stores an out-of-range value (unspecified, like cast's: cases check shape and dtype).
    require(dtype.is_integer, "randint", f"dtype {dtype.name}; only integer dtypes are supported")
    require(
        low < high,
        "randint",
        f"low = {low} >= high = {high}; the range [low, high) must not be empty",
    )
    shape, count = draw_size("randint", shape)
    values = rng.integers(seed_or_fresh(seed), count, low, high)
    return Tensor.from_values(values.reshape(shape), dtype)
