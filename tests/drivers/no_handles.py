"""The reference over the wire protocol, declaring no handles: pipelines are re-sent with
values."""

from __future__ import annotations

from adapters.driver import serve
from adapters.reference.adapter import ReferenceAdapter


class NoHandles(ReferenceAdapter):
    name = "reference-without-handles"
    handles = False


if __name__ == "__main__":
    serve(NoHandles())
