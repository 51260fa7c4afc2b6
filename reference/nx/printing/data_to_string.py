"""data_to_string: a tensor's elements as text (nx.txt, "Printing and Display").

`data_to_string t` "converts tensor data to string", in the form the documentation's
worked examples print tensors in (READINGS R204 to R206):

- floats with `%g` (`format_g`: `0.2`, `3.14`, `-0.909091`, `-0`, `1e-05`, `nan`, `inf`),
  of the value the dtype stores (float32 0.1 prints `0.1`, float16 0.1 `0.0999756`);
  integers of every width in decimal; bools `true` / `false`; complex numbers `(re+imi)`;
- nested brackets in row-major (logical) order: the last axis on one line, its elements
  joined by `", "`; an outer axis joins its blocks with `",\n"` and indents each new line
  by one space per bracket open before it (`[[1, 2, 3],\n [4, 5, 6]]`);
- a 0-d tensor is its one element (`7`); a tensor with no element is `[]`; nothing is
  ever elided, however large the tensor.
"""

from __future__ import annotations

from math import prod

from reference.nx._cores.elementwise import wide
from reference.nx.printing._common import format_g
from reference.registry import op
from reference.tensor import Tensor


def element_text(x) -> str:
    """One element as the documentation prints it (the OCaml value of its dtype)."""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, int):
        return str(x)
    if isinstance(x, complex):
        # Note: R204 — the complex format is `Printf "(%g+%gi)"` taken literally from
        # `(re+imi)`: the `+` is fixed text, so a negative imaginary part gives
        # `(1+-2i)` (no documented example prints a complex tensor).
        return f"({format_g(x.real)}+{format_g(x.imag)}i)"
    return format_g(x)


def nested(texts: list[str], shape: tuple[int, ...]) -> str:
    """Row-major element texts of a non-empty tensor of rank >= 1, in nested brackets."""

    def block(start: int, axis: int) -> str:
        size = shape[axis]
        if axis == len(shape) - 1:
            return "[" + ", ".join(texts[start : start + size]) + "]"
        step = prod(shape[axis + 1 :])
        separator = ",\n" + " " * (axis + 1)
        return "[" + separator.join(block(start + i * step, axis + 1) for i in range(size)) + "]"

    return block(0, 0)


def data_text(t: Tensor) -> str:
    texts = [element_text(x) for x in wide(t).reshape(-1).tolist()]
    if t.ndim == 0:
        return texts[0]
    if not texts:
        return "[]"
    return nested(texts, t.shape)


@op("nx", "data_to_string")
def data_to_string(t: Tensor) -> str:
    return data_text(t)
