"""The reference's numeric cores against NumPy / LAPACK, side by side, from one run.

    python -m benchmarks.numeric_cores [--json FILE] [--budget SECONDS]

For each workload, times the registered reference op (on reference tensors, as the
conformance runner calls it) and the NumPy equivalent (BLAS, LAPACK, pocketfft) on the
same data, and prints both times and their ratio next to the project's aim. Each time
is the best of repeated runs within the time budget (one warm-up run first), so that a
noisy machine inflates neither side. Workloads whose op is not registered yet print
"not implemented"; an op that raises prints "failed" with the error. `--json FILE`
writes, per workload, `{reference_seconds, numpy_seconds, ratio, aim, status}`.

Measured, not asserted: the machine (2 cores in CI) is noisy and BLAS may use both
cores while the reference mostly does not.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from reference import dtypes, registry
from reference.tensor import Tensor

Thunk = Callable[[], object]


@dataclass(frozen=True)
class Workload:
    name: str
    op: str
    aim: float
    """The project's aim for reference time / NumPy time."""
    prepare: Callable[[np.random.Generator, Callable], tuple[Thunk, Thunk]]
    """Given a generator and the reference op, (reference call, NumPy call)."""


def tensor(values: np.ndarray) -> Tensor:
    dtype = dtypes.COMPLEX64 if np.iscomplexobj(values) else dtypes.FLOAT64
    return Tensor.from_values(values, dtype)


def square(rng: np.random.Generator, n: int = 128) -> np.ndarray:
    return rng.standard_normal((n, n))


def numpy_correlate2d(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """`Valid` 2-D cross-correlation as im2col + one BLAS matrix product."""
    out_channels, _, kh, kw = w.shape
    windows = sliding_window_view(x, (kh, kw), axis=(2, 3))  # (N, C, H', W', kh, kw)
    n, c, h, wd = windows.shape[:4]
    columns = windows.transpose(0, 2, 3, 1, 4, 5).reshape(n * h * wd, c * kh * kw)
    product = columns @ w.reshape(out_channels, -1).T
    return product.reshape(n, h, wd, out_channels).transpose(0, 3, 1, 2)


def _matmul(rng, op):
    a, b = rng.standard_normal((256, 256)), rng.standard_normal((256, 256))
    ta, tb = tensor(a), tensor(b)
    return (lambda: op(ta, tb)), (lambda: a @ b)


def _fft(length):
    def prepare(rng, op):
        x = rng.standard_normal(length) + 1j * rng.standard_normal(length)
        tx = tensor(x)
        return (lambda: op(tx)), (lambda: np.fft.fft(x))
    return prepare


def _unary_square(numpy_function, symmetric=False):
    def prepare(rng, op):
        a = square(rng)
        if symmetric:
            a = a + a.T
        ta = tensor(a)
        return (lambda: op(ta)), (lambda: numpy_function(a))
    return prepare


def _solve(rng, op):
    a, b = square(rng) + 128 * np.eye(128), rng.standard_normal((128, 1))
    ta, tb = tensor(a), tensor(b)
    return (lambda: op(ta, tb)), (lambda: np.linalg.solve(a, b))


def _correlate2d(rng, op):
    x, w = rng.standard_normal((1, 16, 64, 64)), rng.standard_normal((32, 16, 3, 3))
    tx, tw = tensor(x), tensor(w)
    return (lambda: op(tx, tw)), (lambda: numpy_correlate2d(x, w))


def _sort(rng, op):
    x = rng.standard_normal(10**6)
    tx = tensor(x)

    def numpy_sort():  # nx's sort returns the sorted values and their indices
        indices = np.argsort(x, kind="stable")
        return x[indices], indices

    return (lambda: op(tx)), numpy_sort


WORKLOADS = (
    Workload("matmul 256x256 @ 256x256 float64", "matmul", 20, _matmul),
    Workload("fft 2^16 complex128", "fft", 5, _fft(2**16)),
    Workload("fft 10007 (prime) complex128", "fft", 20, _fft(10007)),
    Workload("svd 128x128 float64", "svd", 50, _unary_square(np.linalg.svd)),
    Workload("eigh 128x128 float64", "eigh", 50, _unary_square(np.linalg.eigh, symmetric=True)),
    Workload("qr 128x128 float64", "qr", 50, _unary_square(np.linalg.qr)),
    Workload("solve 128x128 float64", "solve", 50, _solve),
    Workload("correlate2d (1,16,64,64) * (32,16,3,3)", "correlate2d", 10, _correlate2d),
    Workload("sort 10^6 float64", "sort", 20, _sort),
)


def best_time(call: Thunk, budget: float) -> float:
    """The fastest of repeated runs of `call` (after a warm-up run) within `budget`
    seconds, at least three runs and at most 100."""
    call()
    times: list[float] = []
    deadline = time.perf_counter() + budget
    while len(times) < 3 or (time.perf_counter() < deadline and len(times) < 100):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return min(times)


def measure(workload: Workload, budget: float) -> dict:
    rng = np.random.default_rng(0)
    record = {"reference_seconds": None, "numpy_seconds": None, "ratio": None,
              "aim": workload.aim, "status": "ok"}
    try:
        op = registry.lookup("nx", workload.op).function
    except registry.UnknownOp:
        reference_call, numpy_call = workload.prepare(rng, None)
        record["status"] = "not implemented"
    else:
        reference_call, numpy_call = workload.prepare(rng, op)
    record["numpy_seconds"] = best_time(numpy_call, budget)
    if record["status"] == "ok":
        try:
            record["reference_seconds"] = best_time(reference_call, budget)
        except Exception as error:  # a broken op must not stop the other workloads
            record["status"] = f"failed: {type(error).__name__}: {error}"
        else:
            record["ratio"] = record["reference_seconds"] / record["numpy_seconds"]
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", metavar="FILE", help="write the measurements as JSON")
    parser.add_argument("--budget", type=float, default=1.0,
                        help="seconds of repeated runs per side and workload (default 1)")
    args = parser.parse_args()
    registry.load_all()
    print(f"{'workload':42} {'reference':>12} {'numpy':>12} {'ratio':>9} {'aim':>6}")
    results = {}
    for workload in WORKLOADS:
        record = results[workload.name] = measure(workload, args.budget)
        numpy_ms = f"{record['numpy_seconds'] * 1e3:9.3f} ms"
        if record["status"] == "ok":
            reference_ms = f"{record['reference_seconds'] * 1e3:9.3f} ms"
            verdict = "" if record["ratio"] <= workload.aim else "  (above the aim)"
            print(f"{workload.name:42} {reference_ms:>12} {numpy_ms:>12} "
                  f"{record['ratio']:8.1f}x {workload.aim:5.0f}x{verdict}")
        else:
            print(f"{workload.name:42} {record['status']:>12} {numpy_ms:>12} {'':>9} "
                  f"{workload.aim:5.0f}x")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=2)
            out.write("\n")


if __name__ == "__main__":
    main()
