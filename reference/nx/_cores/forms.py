"""The five documented forms of a binary element-wise operation (nx.txt, "Basic
Arithmetic Operations" and "Comparison and Logical Operations").

Each such operation `op` is documented in five forms:

| form             | meaning                                                           |
|------------------|-------------------------------------------------------------------|
| `op t1 t2`       | element-wise on two tensors of one dtype, broadcasting             |
| `op_s t scalar`  | `op t (scalar)`: the scalar is an element of `t`'s dtype            |
| `rop_s scalar t` | `op (scalar) t`: the scalar on the left                            |
| `iop target v`   | `op target v` written into `target`'s elements; returns `target`   |
| `iop_s t scalar` | `iop t (scalar)`                                                   |

A family module defines its rule once, as `rule(function, a, b) -> Tensor` on two
tensors, and `register_forms` registers the five names with their documented
signatures (`mod_` is the one whose binary form is not named after its stem).
"""

from __future__ import annotations

from collections.abc import Callable

from reference.nx._cores.elementwise import scalar_operand, write_in_place
from reference.registry import op
from reference.tensor import Tensor

Rule = Callable[[str, Tensor, Tensor], Tensor]


def register_forms(stem: str, rule: Rule, *, binary_name: str | None = None) -> None:
    """Register `op`, `op_s`, `rop_s`, `iop`, `iop_s` for `rule` (`op` is `binary_name`
    if given, else `stem`). Errors name the form that was called."""
    name = binary_name or stem
    # Note: R21 — the scalar of `op_s t s` is first made an element of t's dtype (rounded or
    # wrapped into it, `scalar_operand`), then combined: `add_s` on float16 [2048] with
    # 1.0001 adds 1.0 and gives 2048 (the tie 2049 rounds to even), not the rounding of
    # 2049.0001 (2050). This is `op t (scalar (dtype t) s)`, and NumPy's rule for a Python
    # scalar with an array (NEP 50; READINGS R3).

    def whole(t1: Tensor, t2: Tensor) -> Tensor:
        return rule(name, t1, t2)

    def scalar_right(t: Tensor, scalar) -> Tensor:
        function = f"{stem}_s"
        return rule(function, t, scalar_operand(function, t, scalar))

    def scalar_left(scalar, t: Tensor) -> Tensor:
        function = f"r{stem}_s"
        return rule(function, scalar_operand(function, t, scalar), t)

    def in_place(target: Tensor, value: Tensor) -> Tensor:
        function = f"i{stem}"
        return write_in_place(function, target, rule(function, target, value))

    def in_place_scalar(t: Tensor, scalar) -> Tensor:
        function = f"i{stem}_s"
        return write_in_place(function, t, rule(function, t, scalar_operand(function, t, scalar)))

    forms = {name: whole, f"{stem}_s": scalar_right, f"r{stem}_s": scalar_left,
             f"i{stem}": in_place, f"i{stem}_s": in_place_scalar}
    for form, function in forms.items():
        function.__name__ = function.__qualname__ = form
        function.__module__ = rule.__module__
        op("nx", form)(function)
