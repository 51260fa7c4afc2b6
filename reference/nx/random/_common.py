"""What rand, randn and randint share: the seed and the shape of a draw."""

from math import prod

from reference.dtypes import DType
from reference.errors import check_shape, require
from reference.nx._cores.rng import os_seed


def draw_size(function: str, shape) -> tuple[tuple[int, ...], int]:
    """The checked shape of a draw and its number of elements."""
    shape = check_shape(function, shape)
    return shape, prod(shape)


def seed_or_fresh(seed: int | None) -> int:
    # Note: R41 — the documentation does not say what a call without `?seed` draws. The
    # reference seeds it from the operating system's entropy (NumPy's `default_rng()`):
    # two such calls are independent, and nothing is reproducible without a seed.
    return os_seed() if seed is None else seed


def require_float(function: str, dtype: DType) -> None:
    """Documented: "Only supports float dtypes"."""
    require(dtype.is_float, function,
            f"dtype {dtype.name}; only float dtypes are supported (float16, float32, "
            f"float64, bfloat16, float8_e4m3, float8_e5m2)")
