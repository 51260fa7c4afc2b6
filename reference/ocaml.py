"""OCaml values of the documented signatures that Python has no word for.

- The index specs of `Nx.index` (nx.txt, "Index specification for tensor slicing"):
  `I i`, `L [..]`, `R (a, b)`, `Rs (a, b, s)`, `A`, `M mask`, `N`.
- A constructor or polymorphic variant that carries a payload (`` `P 3.0 ``).
  A variant without payload is passed as its name, a plain `str` (`"clip"`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class I:
    """Single index `I i`: selects index i (negative counts from the end)."""

    index: int


@dataclass(frozen=True)
class L:
    """List of indices `L [i; j; ...]`."""

    indices: tuple[int, ...]


@dataclass(frozen=True)
class R:
    """Range `R (start, stop)`: start, start+1, ..., stop-1."""

    start: int
    stop: int


@dataclass(frozen=True)
class Rs:
    """Range with step `Rs (start, stop, step)`."""

    start: int
    stop: int
    step: int


@dataclass(frozen=True)
class _All:
    """`A`: the whole axis."""


@dataclass(frozen=True)
class _NewAxis:
    """`N`: a new axis of size 1."""


A = _All()
N = _NewAxis()


@dataclass(frozen=True)
class M:
    """Boolean mask `M mask` (a uint8 tensor; non-zero selects)."""

    mask: Any


IndexSpec = I | L | R | Rs | _All | _NewAxis | M


@dataclass(frozen=True)
class Variant:
    """A constructor with a payload, e.g. `Variant("P", 3.0)` for `` `P 3.0 ``."""

    name: str
    payload: Any
