"""The reference's element-wise and reduction speed, as a ratio to NumPy's.

    python -m benchmarks.elementwise [--repeat N]

For 1M-element float32 and int32 inputs (1000 x 1000), contiguous and strided (the
transposed view: strides (1, 1000)), times the reference op and the NumPy expression
that does the same work (in the same dtype), each the best of `--repeat` runs, and
prints reference time / NumPy time. The reference computes wide and rounds once (see
`reference/nx/_cores/elementwise.py`), so some overhead is by design; the aim is 3x or
less. Ops another engineer has not registered yet print "not implemented"; an op the
reference refuses for a dtype (exp of int32) prints its error. Measured, not asserted.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from reference import dtypes, registry
from reference.errors import NxError
from reference.layout import View
from reference.tensor import Tensor

SIDE = 1000
DTYPES = {"float32": dtypes.FLOAT32, "int32": dtypes.INT32}

# op: (arity, the NumPy expression doing the same work in the input dtype)
OPS: dict[str, tuple[int, Callable[..., np.ndarray]]] = {
    "add": (2, np.add),
    "mul": (2, np.multiply),
    # NumPy has no truncating integer division; floor division is the same kernel.
    "div": (2, lambda a, b: np.divide(a, b) if a.dtype.kind == "f" else np.floor_divide(a, b)),
    "exp": (1, np.exp),
    "sqrt": (1, np.sqrt),
    "sum": (1, lambda a: np.sum(a, dtype=a.dtype)),
    "max": (1, np.max),
    "argmax": (1, np.argmax),
    "cumsum": (1, lambda a: np.cumsum(a, dtype=a.dtype)),
}


# NumPy computes these in float64 on int32 input; Nx keeps the integer dtype (exp refuses
# it, sqrt is the exact integer square root): not the same work, so not compared.
FLOAT_ONLY = {"exp", "sqrt"}


def best(function: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return min(times)


def inputs(name: str, seed: int) -> np.ndarray:
    """Positive values (no division by zero, sqrt defined, no overflow in exp of float32)."""
    rng = np.random.default_rng(seed)
    if name == "float32":
        return rng.uniform(0.5, 4.0, (SIDE, SIDE)).astype(np.float32)
    return rng.integers(1, 100, (SIDE, SIDE)).astype(np.int32)


def as_tensor(values: np.ndarray, dtype: dtypes.DType, strided: bool) -> tuple[Tensor, np.ndarray]:
    """The reference tensor and the NumPy array of one input, contiguous or transposed."""
    tensor = Tensor(values.reshape(-1).copy(), dtype, View.contiguous(values.shape))
    if not strided:
        return tensor, values
    transposed = tensor.with_view(View((SIDE, SIDE), (1, SIDE), 0))
    return transposed, values.T


def measure(function: Callable, numpy_op: Callable, dtype_name: str, arity: int,
            strided: bool, repeat: int) -> str:
    """One row: NumPy's time, the reference's, their ratio (or why there is none)."""
    dtype = DTYPES[dtype_name]
    pairs = [as_tensor(inputs(dtype_name, seed), dtype, strided) for seed in range(arity)]
    tensors = [t for t, _ in pairs]
    arrays = [a for _, a in pairs]
    try:
        function(*tensors)
    except NxError as error:
        return f"refused: {error}"
    numpy_time = best(lambda: numpy_op(*arrays), repeat)
    reference_time = best(lambda: function(*tensors), repeat)
    return (f"{numpy_time * 1e3:9.2f} {reference_time * 1e3:9.2f} "
            f"{reference_time / numpy_time:6.1f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    registry.load_all()
    ops = registry.registered()
    print(f"{'op':8} {'dtype':8} {'layout':11} {'numpy ms':>9} {'ref ms':>9} {'ratio':>7}")
    for op_name, (arity, numpy_op) in OPS.items():
        if f"nx.{op_name}" not in ops:
            print(f"{op_name:8} not implemented")
            continue
        for dtype_name in DTYPES:
            if dtype_name == "int32" and op_name in FLOAT_ONLY:
                continue
            for layout in ("contiguous", "strided"):
                result = measure(ops[f"nx.{op_name}"].function, numpy_op, dtype_name, arity,
                                 layout == "strided", args.repeat)
                print(f"{op_name:8} {dtype_name:8} {layout:11} {result}")


if __name__ == "__main__":
    main()
