"""`numpy`: NumPy in its own semantics, through a declarative table (`adapter.py`).

`nx-conformance run --adapter numpy` measures NumPy against the documented Nx behaviour;
the adapter adds calling-convention glue only (see `adapter.py`).
"""

from __future__ import annotations

from adapters.base import Adapter, Implementation


class NumPy(Implementation):
    name = "numpy"
    summary = "NumPy's own API and semantics, in this process"

    def load(self, adapter_name: str, *, timeout: float | None = None) -> Adapter:
        from adapters.numpy_adapter.adapter import NumpyAdapter

        return NumpyAdapter()


IMPLEMENTATION = NumPy()
