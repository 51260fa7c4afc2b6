"""`reference`: the reference interpreter (`reference/`), run in this process.

`adapter.py` is the adapter: it builds the reference's tensors and Bigarrays from the
tagged values, calls `reference.registry`, and reads results back.
"""

from __future__ import annotations

from adapters.base import Adapter, Implementation


class Reference(Implementation):
    name = "reference"
    summary = "the reference interpreter, in this process"

    def load(self, adapter_name: str, *, timeout: float | None = None) -> Adapter:
        from adapters.reference.adapter import ReferenceAdapter

        return ReferenceAdapter()


IMPLEMENTATION = Reference()
