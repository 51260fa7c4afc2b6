"""The property checks of `properties:` (`spec/FORMAT.md`, the check table).

Each check looks at one value of the finished call (`of`: `out`, `outN`, `argN`) or,
for `same_as_rerun` and `pipeline`, calls the implementation again. A check returns
None when it holds, else a message saying what was checked, what was found and what
was required. Expressions (`allclose`, `holds`) run in `conformance.expr`, never in
the implementation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from adapters import values as v
from adapters.base import Adapter, Reply, Request, Status
from conformance import expr
from conformance.cases import Check, CheckKind, Tol
from conformance.compare import compare, default_tol, describe
from spec import dtypes


class LiveValues:
    """The values the checks of a case see, by the names of `ref` and `of`: `out`, `outN`
    (component N of a tuple or list result), `argN` and `argN[K]` (element K of a list
    argument) as the main call left them, then as each pipeline step leaves them.

    Properties are checked in the order written on these same values: a step given
    `{ref: arg2}` that writes into it (an `_into` function, `set`, `fill`) changes what
    `arg2` names for every later step and check. The value after a step is what the
    implementation reports of that argument (`args_after`); a write through another
    value that shares storage (a view of `arg0` written by a step given the view) is not
    seen in `arg0` until a step is given `arg0` itself.
    """

    def __init__(self, reply: Reply, arg_count: int):
        self.out = reply.value
        self.args = None if reply.args_after is None else list(reply.args_after)
        self.arg_count = arg_count

    def get(self, name: str) -> Any:
        match = _LIVE_NAME.match(name)
        if not match:
            raise LookupError(f"{name!r} is not out, outN, argN or argN[K]")
        what, position, part = match.group(1), match.group(2), match.group(3)
        if what == "out":
            if position is None:
                return self.out
            return _component(self.out, int(position), name, "the result")
        position = int(position)
        if self.args is None or position >= len(self.args):
            raise LookupError(
                f"{name} is not available (the case has {self.arg_count} argument(s))"
            )
        value = self.args[position]
        return value if part is None else _component(value, int(part), name, f"arg{position}")

    def set(self, name: str, value: Any) -> None:
        """`name` now holds `value` (a step wrote into it)."""
        match = _LIVE_NAME.match(name)
        if not match:
            return
        what, position, part = match.group(1), match.group(2), match.group(3)
        if what == "out":
            self.out = value if position is None else _replaced(self.out, int(position), value)
        elif self.args is not None and int(position) < len(self.args):
            old = self.args[int(position)]
            self.args[int(position)] = value if part is None else _replaced(old, int(part), value)

    def resolved(self, value: Any, prev: Any = None) -> Any:
        """`value` with every `ref` replaced by the live value it names (`prev`: the last
        pipeline step's result, where there is one)."""

        def lookup(ref: v.Ref) -> Any:
            if ref.name == "prev":
                if prev is None:
                    raise LookupError("ref prev names a pipeline step, and there is none here")
                return prev
            return self.get(ref.name)

        return v.replace_refs(value, lookup)


_LIVE_NAME = re.compile(r"^(out|arg)(\d+)?(?:\[(\d+)\])?$")


def _component(value: Any, position: int, name: str, what: str) -> Any:
    items = components(value)
    if items is None or position >= len(items):
        raise LookupError(f"{name} is not available: {what} is {describe(value)}")
    return items[position]


def _replaced(container: Any, position: int, item: Any) -> Any:
    """`container` (a tuple or list value) with its component `position` replaced."""
    items = components(container)
    if items is None or position >= len(items):
        return container
    new = (*items[:position], item, *items[position + 1 :])
    if isinstance(container, v.Ints | v.Floats) and not all(type(x) is type(items[0]) for x in new):
        return v.List(new)
    return type(container)(new)


@dataclass
class Finished:
    """A main call that returned: what the checks can look at and call again."""

    adapter: Adapter
    request: Request
    reply: Reply
    live: LiveValues = field(init=False)

    def __post_init__(self) -> None:
        self.live = LiveValues(self.reply, len(self.request.args))

    def value(self, name: str) -> Any:
        """`out`, `outN`, `argN`, `argN[K]` (live, see `LiveValues`) or `stdout` (what the
        call printed)."""
        if name == "stdout":
            return self.reply.stdout if self.reply.stdout is not None else ""
        return self.live.get(name)

    def environment(self, names: frozenset[str]) -> dict[str, Any]:
        return {name: expression_value(self.value(name)) for name in names}


def components(value: Any) -> tuple | None:
    if isinstance(value, v.Tuple | v.List | v.Ints | v.Floats):
        return value.items
    return None


def expression_value(value: Any) -> Any:
    """A value as the expression language sees it: arrays in float64 / complex128."""
    if isinstance(value, v.TensorValue):
        data = value.data
        wide = np.complex128 if np.iscomplexobj(data) else np.float64
        return np.asarray(data.astype(wide))
    if isinstance(value, v.Ints | v.Floats):
        return np.asarray(value.items, dtype=np.float64)
    if isinstance(value, v.GenarrayValue):
        order = "C" if value.layout == "c_layout" else "F"  # data is in memory order
        wide = np.complex128 if np.iscomplexobj(value.data) else np.float64
        return np.asarray(value.data.astype(wide)).reshape(value.dims, order=order)
    if isinstance(value, v.Tuple | v.List):
        return [expression_value(x) for x in value.items]
    if isinstance(value, bool | int | float | complex | str):
        return value
    raise TypeError(f"{describe(value)} cannot be used in an expression")


# --- The checks ---------------------------------------------------------------------------


def run_check(
    check: Check, finished: Finished, pipeline: Callable[[Check], str | None]
) -> str | None:
    """None when `check` holds; else why not. `pipeline` runs a pipeline check."""
    if check.kind is CheckKind.PIPELINE:
        return pipeline(check)
    if check.kind is CheckKind.SAME_AS_RERUN:
        return _same_as_rerun(finished)
    if check.kind in (CheckKind.ALLCLOSE, CheckKind.HOLDS):
        return _expression_check(check, finished)
    try:
        target = finished.value(check.of)
        check = _refs_resolved(check, finished.live)
    except LookupError as error:
        return f"{check.kind.value}: {error}"
    return _VALUE_CHECKS[check.kind](check, target)


def _refs_resolved(check: Check, live: LiveValues) -> Check:
    """`check` with the `ref`s of its values (`equals` `value: {ref: arg0}`) resolved."""
    if not any(isinstance(x, v.Ref) for value in check.fields.values() for x in v.walk(value)):
        return check
    fields = {key: live.resolved(value) for key, value in check.fields.items()}
    return replace(check, fields=v.frozen_mapping(fields))


def _shape_of(value: Any) -> tuple[int, ...] | None:
    """The shape of a tensor, or the dimensions of a Bigarray (`to_bigarray`'s result)."""
    if isinstance(value, v.TensorValue):
        return value.shape
    if isinstance(value, v.GenarrayValue):
        return value.dims
    return None


def _shape_is(check: Check, target: Any) -> str | None:
    want = list(check.fields["shape"])
    shape = _shape_of(target)
    if shape is None:
        return f"shape_is: {check.of} is {describe(target)}, not a tensor or a Bigarray"
    return (
        None
        if list(shape) == want
        else (f"shape_is: {check.of} has shape {list(shape)}, expected {want}")
    )


def _dtype_is(check: Check, target: Any) -> str | None:
    want = check.fields["dtype"]
    has_dtype = v.TensorValue | v.DTypeValue | v.GenarrayValue
    got = target.dtype if isinstance(target, has_dtype) else None
    if got is None:
        return f"dtype_is: {check.of} is {describe(target)}, not a tensor"
    return (
        None if got is want else f"dtype_is: {check.of} has dtype {got.name}, expected {want.name}"
    )


def _length_is(check: Check, target: Any) -> str | None:
    items = components(target)
    if items is None:
        return f"length_is: {check.of} is {describe(target)}, not a list"
    want = check.fields["length"]
    return (
        None
        if len(items) == want
        else f"length_is: {check.of} has {len(items)} elements, expected {want}"
    )


def _equals(check: Check, target: Any) -> str | None:
    message = compare(check.fields["value"], target, check.fields.get("tol"))
    return None if message is None else f"equals ({check.of}): {message}"


def _item_is(check: Check, target: Any) -> str | None:
    index = tuple(check.fields["index"])
    if isinstance(target, v.TensorValue):
        shape, dtype = target.shape, target.dtype
    elif isinstance(target, v.Ints | v.Floats):  # an OCaml int array / float array
        shape, dtype = (len(target.items),), _ARRAY_DTYPE[type(target)]
    else:
        return f"item_is: {check.of} is {describe(target)}, not a tensor or an array"
    if len(index) != len(shape) or any(not 0 <= i < n for i, n in zip(index, shape, strict=True)):
        return f"item_is: index {list(index)} is not inside shape {list(shape)}"
    element = target.data[index] if isinstance(target, v.TensorValue) else target.items[index[0]]
    want = check.fields["value"]
    tol = check.fields.get("tol") or default_tol(dtype)
    got = _python_scalar(element, want)
    message = compare(want, got, tol)
    return None if message is None else f"item_is {list(index)} of {check.of}: {message}"


_ARRAY_DTYPE = {v.Ints: dtypes.INT, v.Floats: dtypes.FLOAT64}  # OCaml's int and float


def _python_scalar(element: Any, like: Any) -> Any:
    """An element as the Python scalar kind of the expected value."""
    if isinstance(like, bool):
        return bool(element)
    if isinstance(like, complex):
        return complex(element)
    if isinstance(like, float):
        return float(element)
    if isinstance(element, np.floating):
        return float(element)
    return int(element) if not isinstance(element, np.complexfloating) else complex(element)


def _in_range(check: Check, target: Any) -> str | None:
    low, high = check.fields["low"], check.fields["high"]
    if not isinstance(target, v.TensorValue):
        return f"in_range: {check.of} is {describe(target)}, not a tensor"
    data = target.data.astype(np.float64) if not np.iscomplexobj(target.data) else None
    if data is None:
        return "in_range: complex values have no order"
    with np.errstate(invalid="ignore"):
        outside = ~((data >= low) & (data < high))
    if not outside.any():
        return None
    first = tuple(int(i) for i in np.argwhere(outside)[0])
    return (
        f"in_range: {int(outside.sum())} of {outside.size} element(s) of {check.of} are not in "
        f"[{low}, {high}); first at {list(first)}: {data[first].item()!r}"
    )


def _contains(check: Check, target: Any) -> str | None:
    text = check.fields["text"]
    if not isinstance(target, str):
        return f"contains: {check.of} is {describe(target)}, not a string"
    return (
        None
        if text in target
        else f"contains: {check.of} {describe(target, 200)} does not contain {text!r}"
    )


_VALUE_CHECKS: dict[CheckKind, Callable[[Check, Any], str | None]] = {
    CheckKind.SHAPE_IS: _shape_is,
    CheckKind.DTYPE_IS: _dtype_is,
    CheckKind.LENGTH_IS: _length_is,
    CheckKind.EQUALS: _equals,
    CheckKind.ITEM_IS: _item_is,
    CheckKind.IN_RANGE: _in_range,
    CheckKind.CONTAINS: _contains,
}


def _same_as_rerun(finished: Finished) -> str | None:
    again = finished.adapter.call(
        Request(
            finished.request.namespace,
            finished.request.op,
            finished.request.args,
            finished.request.kwargs,
        )
    )
    if again.status is not Status.RESULT:
        return (
            f"same_as_rerun: the second call did not return ({again.status.value}: {again.message})"
        )
    if again.invalid is not None:
        return f"same_as_rerun: the second call answered a wrong value: {again.invalid}"
    message = compare(finished.reply.value, again.value, Tol(exact=True))
    return (
        None
        if message is None
        else f"same_as_rerun: the second call differs from the first: {message}"
    )


def _expression_check(check: Check, finished: Finished) -> str | None:
    fields = check.fields
    expressions = (
        (fields["lhs"], fields["rhs"]) if check.kind is CheckKind.ALLCLOSE else (fields["expr"],)
    )
    try:
        names = frozenset().union(*(e.names for e in expressions))
        env = finished.environment(names)
        results = [e.evaluate(env) for e in expressions]
    except (LookupError, TypeError, expr.ExpressionError) as error:
        return f"{check.kind.value}: {error}"
    if check.kind is CheckKind.HOLDS:
        try:
            holds = expr.truth(results[0])
        except expr.ExpressionError as error:
            return f"holds: {error}"
        return None if holds else f"holds: {fields['expr'].source!r} is false"
    return _allclose(fields["lhs"].source, fields["rhs"].source, *results, fields.get("tol"))


def _allclose(lhs_text: str, rhs_text: str, lhs: Any, rhs: Any, tol: Tol | None) -> str | None:
    tol = tol or Tol(1e-12, 1e-12)
    left, right = np.asarray(lhs), np.asarray(rhs)
    if left.shape != right.shape:
        return (
            f"allclose: {lhs_text!r} has shape {list(left.shape)} but {rhs_text!r} has "
            f"shape {list(right.shape)}"
        )
    wide = np.complex128 if np.iscomplexobj(left) or np.iscomplexobj(right) else np.float64
    got = v.TensorValue(_COMPARE_DTYPE[wide], left.shape, left.astype(wide))
    want = v.TensorValue(_COMPARE_DTYPE[wide], right.shape, right.astype(wide))
    message = compare(want, got, tol)
    return None if message is None else f"allclose: {lhs_text!r} vs {rhs_text!r}: {message}"


_COMPARE_DTYPE = {np.float64: dtypes.FLOAT64, np.complex128: dtypes.COMPLEX64}
