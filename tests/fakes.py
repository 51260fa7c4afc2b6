"""Adapters with planted faults, for the runner's isolation tests.

Each wraps the reference and breaks one op in one way; every other op behaves.
"""

from __future__ import annotations

from adapters.reference.adapter import ReferenceAdapter
from reference import dtypes
from reference.tensor import Tensor


class RaisesPythonError(ReferenceAdapter):
    """`nx.zeros` raises a ZeroDivisionError: an undocumented crash, an `error` outcome."""

    name = "raises-python-error"

    def invoke(self, namespace, op, args, kwargs):
        if op == "zeros":
            return 1 // 0
        return super().invoke(namespace, op, args, kwargs)


class WrongOnes(ReferenceAdapter):
    """`nx.ones` returns zeros: a `fail` outcome."""

    name = "wrong-ones"

    def invoke(self, namespace, op, args, kwargs):
        if op == "ones":
            return super().invoke(namespace, "zeros", args, kwargs)
        return super().invoke(namespace, op, args, kwargs)


class CopiesEverything(ReferenceAdapter):
    """Every tensor result is a fresh copy: aliasing and identity checks fail."""

    name = "copies-everything"

    def invoke(self, namespace, op, args, kwargs):
        result = super().invoke(namespace, op, args, kwargs)
        if isinstance(result, Tensor):
            return Tensor.from_values(result.values(), result.dtype)
        return result


class CopiesDeclared(CopiesEverything):
    """A backend that copies and says so in its hello (`views: false`)."""

    name = "copies-declared"
    views = False


class NoFloat16(ReferenceAdapter):
    """Declares no float16 support: float16 cases are `unsupported`."""

    name = "no-float16"
    dtypes = ReferenceAdapter.dtypes - {"float16"}


class SaturatingFull(ReferenceAdapter):
    """`nx.full` on an integer dtype saturates out-of-range values instead of wrapping them
    (a plausible backend bug, planted for the fuzzer to find)."""

    name = "saturating-full"

    def invoke(self, namespace, op, args, kwargs):
        if op == "full" and args[0].is_integer and isinstance(args[2], int):
            low, high = args[0].low, args[0].high
            args = [args[0], args[1], min(max(args[2], low), high)]
        return super().invoke(namespace, op, args, kwargs)


class OnesInFloat64(ReferenceAdapter):
    """`nx.ones` ignores its dtype and returns float64: a `fail` of another kind than
    `WrongOnes` (a changed failure for a baseline made with it)."""

    name = "ones-in-float64"

    def invoke(self, namespace, op, args, kwargs):
        if op == "ones":
            return super().invoke(namespace, op, [dtypes.FLOAT64, *args[1:]], kwargs)
        return super().invoke(namespace, op, args, kwargs)


class WrongOnesNoFloat16(WrongOnes):
    """An early release: `nx.ones` returns zeros, and no float16 yet."""

    name = "wrong-ones-no-float16"
    dtypes = ReferenceAdapter.dtypes - {"float16"}
